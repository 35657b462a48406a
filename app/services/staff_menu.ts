import router from '@adonisjs/core/services/router'
import { menuFor, type MenuSection } from '#domain/navigation'
import type { RoleId } from '#domain/roles'

/**
 * The role's back-office menu without links to screens not built yet: a link
 * shows only when a page answers GET at its path, so staff never follow a
 * menu entry to a 404.
 */
export function staffMenuFor(roleId: RoleId): MenuSection[] {
  return menuFor(roleId, (href) => router.match(href, 'GET') !== null)
}
