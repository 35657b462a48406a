import db from '@adonisjs/lucid/services/db'
import type { RoleId } from '#domain/roles'
import { findVisibleLead } from '#queries/lead_visibility'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { leadAudit } from '#actions/leads/lead_records'

/**
 * Deletes a lead for good (CRM spec §4, §7 DELETE /admin/leads/{id}); its
 * notes and call records go with it (foreign keys cascade). The linked
 * customer account, if any, stays.
 */
export async function deleteLead(input: StaffContext & { id: unknown }) {
  return db.transaction(async (trx) => {
    const lead = await findVisibleLead(input.staff as { id: number; roleId: RoleId }, input.id, {
      client: trx,
      forUpdate: true,
    })
    const before = leadAudit(lead)
    await lead.useTransaction(trx).delete()
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.delete',
      target: { type: 'lead', id: lead.id },
      before,
    })
  })
}
