import type { RoleId } from './roles.js'
import { MENU_SECTIONS, STAFF_SCREENS, type StaffScreenDeclaration } from './staff_screens.js'

/**
 * The back-office menu with the role ids that see each entry (admin specs
 * §2 menu tables), built from the screens' declarations
 * (#domain/staff_screens): a link per menu placement, in the declarations'
 * order, under its section. Routes enforce the same rules on the server;
 * the menu only mirrors them.
 */
export interface MenuLink {
  label: string
  href: string
  roles: readonly RoleId[]
}
export interface MenuSection {
  label: string
  /** Every role that sees one of its links. */
  roles: readonly RoleId[]
  links: MenuLink[]
}

export const MENU: readonly MenuSection[] = MENU_SECTIONS.map((label) => {
  const links = (STAFF_SCREENS as readonly StaffScreenDeclaration[]).flatMap((screen) =>
    screen.menu
      .filter((placement) => placement.section === label)
      .map((placement) => ({
        label: placement.label ?? screen.title,
        href: screen.path,
        roles: placement.roles,
      }))
  )
  const roles = [...new Set(links.flatMap((link) => link.roles))].sort()
  return { label, roles, links }
}).filter((section) => section.links.length > 0)

/**
 * The sections and links a role sees: a section only if listed, its links
 * filtered again, and only links to pages that exist when `exists` is given.
 */
export function menuFor(
  roleId: RoleId,
  exists: (href: string) => boolean = () => true
): MenuSection[] {
  return MENU.filter((s) => s.roles.includes(roleId))
    .map((s) => ({
      ...s,
      links: s.links.filter((l) => l.roles.includes(roleId) && exists(l.href)),
    }))
    .filter((s) => s.links.length > 0)
}

/** The back-office menu of a role (every declared screen is built). */
export function staffMenu(roleId: RoleId): MenuSection[] {
  return menuFor(roleId)
}
