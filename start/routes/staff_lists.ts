import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'
import { staffScreen } from '#domain/staff_screens'
import { staffListRoutes, type ListWrite, type StaffListDeclaration } from '#domain/staff_list'

type Handler = [() => Promise<{ default: any }>, string]

/**
 * A declared staff list's API (#domain/staff_lists): `GET <screen path>/api`
 * and its writes, each named after the screen and guarded by the screen's
 * own role rule (`screenAccess`), so the list, its page and its menu link
 * cannot disagree on who may use them.
 */
export function registerStaffList<Row extends { id: number }>(
  list: StaffListDeclaration<Row>,
  handlers: { list: Handler } & Partial<Record<ListWrite, Handler>>
) {
  const screen = staffScreen(list.screen)
  router
    .group(() => {
      for (const entry of staffListRoutes(screen, list.writes, list.routePrefix)) {
        const handler = handlers[entry.kind]
        if (!handler) throw new Error(`${entry.name}: no handler for a declared route`)
        router[entry.method](entry.path, handler as any).as(entry.name)
      }
    })
    .use(screenAccess(list.screen))
}
