import type { HttpContext } from '@adonisjs/core/http'
import { dashboardData } from '#queries/dashboard'
import { dashboardRangeValidator } from '#validators/dashboard'
import { historyQuery } from '#validators/statements'
import heartbeatStore from '#services/market/heartbeat_store'
import settings from '#services/settings_service'
import { VOISO_SETTING } from '#services/voiso_client'
import { voisoProblem } from '#domain/voiso_connection'
import { lastReconciliation } from '#queries/last_reconciliation'
import { reconciliationLine } from '#domain/reconciliation'

/** The back office's Dashboard (admin spec §2 Dashboard, §3 Dashboard data, §7). Role 1. */
export default class DashboardController {
  /**
   * GET /admin: the page; its figures come from GET /admin/dashboard. It
   * starts from the market role's last heartbeat, so a saved key that cannot
   * connect is warned of here too (issue 21 item 8); Voiso, which has no
   * heartbeat, from the last answer of its calls (#services/voiso_connection).
   */
  async page({ inertia }: HttpContext) {
    return inertia.render('staff/dashboard/index', {
      heartbeat: await heartbeatStore.last(),
      voisoProblem: voisoProblem((await settings.rows())[VOISO_SETTING]),
      // The last reconciliation of the books (issue 24 item 6): balanced, differing, or none yet.
      books: reconciliationLine(await lastReconciliation()),
    })
  }

  /** GET /admin/dashboard?from&to (YYYY-MM-DD, inclusive UTC days, either optional; an empty one is open) */
  async data({ request }: HttpContext) {
    const range = await request.validateUsing(dashboardRangeValidator, {
      data: historyQuery(request.qs()),
    })
    return dashboardData(range)
  }
}
