import db from '@adonisjs/lucid/services/db'
import LeadNote from '#models/lead_note'
import type { RoleId } from '#domain/roles'
import { findVisibleLead } from '#queries/lead_visibility'
import { recordStaffAction, type StaffContext } from '#services/audit_log'

export interface AddNoteInput extends StaffContext {
  leadId: number
  content: string
}

/**
 * A note on a lead (CRM spec §7 POST /admin/crm/note): only on a lead the
 * author may see (another desk's lead is a 404), written with its audit row.
 */
export async function addNote(input: AddNoteInput): Promise<LeadNote> {
  return db.transaction(async (trx) => {
    const viewer = { id: input.staff.id, roleId: input.staff.roleId as RoleId }
    const lead = await findVisibleLead(viewer, input.leadId, { client: trx })
    const note = await LeadNote.create(
      { leadId: lead.id, userId: input.staff.id, content: input.content },
      { client: trx }
    )
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.note',
      target: { type: 'lead', id: lead.id },
      after: { content: input.content },
    })
    return note
  })
}
