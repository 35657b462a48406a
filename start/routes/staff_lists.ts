import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'
import { staffScreen } from '#domain/staff_screens'
import { staffListRoutes, type ListWrite, type StaffListDeclaration } from '#domain/staff_list'

type LazyController = () => Promise<{ default: any }>
type Handler = [LazyController, string]

/** The screens whose page a list module answers (registered here, not in SCREEN_PAGES). */
export const declaredListPages = new Set<string>()

/**
 * A declared staff list's API (#domain/staff_lists): `GET <screen path>/api`
 * and its writes, each named after the screen and guarded by the screen's
 * own role rule (`screenAccess`), so the list, its page and its menu link
 * cannot disagree on who may use them. The handlers are a list module
 * (`declaredListController`, app/controllers/staff/lists/), whose `page`
 * answers the screen itself and `list`, `store`, `update` and `destroy` the
 * API, or a controller's methods named one by one (the page then stays in
 * SCREEN_PAGES).
 */
export function registerStaffList<Row extends { id: number }>(
  list: StaffListDeclaration<Row>,
  handlers: LazyController | ({ list: Handler } & Partial<Record<ListWrite, Handler>>)
) {
  const screen = staffScreen(list.screen)
  const handlerOf = (kind: 'list' | ListWrite): Handler | undefined =>
    typeof handlers === 'function' ? [handlers, kind] : handlers[kind]
  if (typeof handlers === 'function') {
    router.get(screen.path, [handlers, 'page']).as(screen.name).use(screenAccess(list.screen))
    declaredListPages.add(screen.name)
  }
  router
    .group(() => {
      for (const entry of staffListRoutes(screen, list.writes, list.routePrefix)) {
        const handler = handlerOf(entry.kind)
        if (!handler) throw new Error(`${entry.name}: no handler for a declared route`)
        router[entry.method](entry.path, handler as any).as(entry.name)
      }
    })
    .use(screenAccess(list.screen))
}
