import type { HttpContext } from '@adonisjs/core/http'
import { auditLogQueryValidator } from '#validators/audit_logs'
import { auditedStaff, auditLogPage } from '#queries/audit_logs'

/**
 * The Audit Log screen (issue 11 item 8, beyond the specs): every staff
 * write, newest first, filterable by staff member, action and target. Role 1.
 * Read-only: no route edits or deletes a row.
 */
export default class AuditLogsController {
  /** GET /admin/audit: the page; rows come from /admin/audit/api. */
  async index({ inertia }: HttpContext) {
    return inertia.render('staff/audit/index', { staffMembers: await auditedStaff() })
  }

  /** GET /admin/audit/api?page&limit&sort&order&staffId&action&targetType&targetId → { data, meta } */
  async list({ request }: HttpContext) {
    const { page, limit, sort, order, ...filters } = await request.validateUsing(
      auditLogQueryValidator,
      { data: request.qs() }
    )
    return auditLogPage(filters, { page, limit, sort, order })
  }
}
