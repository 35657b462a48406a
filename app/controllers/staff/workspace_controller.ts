import type { HttpContext } from '@adonisjs/core/http'

/**
 * Staff landing pages the footer role buttons lead to. Their screens (trades,
 * CRM lists, affiliate leads) are built by the back-office issues; until then
 * each is the back-office shell (menu and heading from the screen registry)
 * around an empty state.
 */
export default class WorkspaceController {
  async show({ inertia }: HttpContext) {
    return inertia.render('staff/workspace', {})
  }
}
