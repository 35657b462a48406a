import type { HttpContext } from '@adonisjs/core/http'
import { PENDING_CANCEL_ROLES } from '#domain/staff_pending_orders'

/**
 * The back office's Pending Orders screen (issue 23 item 1, "Staff"): the
 * page only; its rows come from GET /admin/trades/api/pending and its Cancel
 * from DELETE /admin/trades/pending/:id (both in the pending orders' staff
 * routes, which enforce the roles themselves). Roles 1 and 2, as the other
 * trades screens (the menu entry registers the route's roles).
 */
export default class PendingOrdersPageController {
  /** GET /admin/trades/pending */
  async page({ inertia, auth }: HttpContext) {
    const { roleId } = auth.getUserOrFail()
    // Only mirrors the server's rule: the button shows to whom the DELETE route answers.
    return inertia.render('staff/trades/pending', {
      canCancel: PENDING_CANCEL_ROLES.includes(roleId),
    })
  }
}
