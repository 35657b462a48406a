import type { HttpContext } from '@adonisjs/core/http'
import { dashboardData } from '#queries/dashboard'
import { dashboardRangeValidator } from '#validators/dashboard'
import { historyQuery } from '#validators/statements'

/** The back office's Dashboard (admin spec §2 Dashboard, §3 Dashboard data, §7). Role 1. */
export default class DashboardController {
  /** GET /admin: the page; its figures come from GET /admin/dashboard. */
  async page({ inertia }: HttpContext) {
    return inertia.render('staff/dashboard/index', {})
  }

  /** GET /admin/dashboard?from&to (YYYY-MM-DD, inclusive UTC days, either optional; an empty one is open) */
  async data({ request }: HttpContext) {
    const range = await request.validateUsing(dashboardRangeValidator, {
      data: historyQuery(request.qs()),
    })
    return dashboardData(range)
  }
}
