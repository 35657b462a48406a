import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'
import { staffScreen } from '#domain/staff_screens'
import { staffListRoutes, type ListWrite, type StaffListDeclaration } from '#domain/staff_list'

type LazyController = () => Promise<{ default: any }>
type Handler = [LazyController, string]

/**
 * A declared staff list's API (#domain/staff_lists): `GET <screen path>/api`
 * and its writes, each named after the screen and guarded by the screen's
 * own role rule (`screenAccess`), so the list, its page and its menu link
 * cannot disagree on who may use them. The handlers are a list module
 * (`declaredListController`, app/controllers/staff/lists/), whose `list`,
 * `store`, `update` and `destroy` answer them, or a controller's methods named
 * one by one.
 */
export function registerStaffList<Row extends { id: number }>(
  list: StaffListDeclaration<Row>,
  handlers: LazyController | ({ list: Handler } & Partial<Record<ListWrite, Handler>>)
) {
  const screen = staffScreen(list.screen)
  const handlerOf = (kind: 'list' | ListWrite): Handler | undefined =>
    typeof handlers === 'function' ? [handlers, kind] : handlers[kind]
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
