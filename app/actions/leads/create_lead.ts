import db from '@adonisjs/lucid/services/db'
import Lead from '#models/lead'
import { Roles } from '#domain/roles'
import {
  blankToNull,
  LEAD_INPUTS,
  LEAD_MESSAGES,
  leadColumnsOf,
  type LeadInput,
} from '#domain/lead_intake'
import { normalizeLeadEmail } from '#domain/crm'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  assertFreeContact,
  leadAudit,
  statusNamed,
  withUniqueLeadEmail,
} from '#actions/leads/lead_records'

export type CreateLeadInput = StaffContext & LeadInput<'add'>

/**
 * Adds a lead from the add form (CRM spec §3, §7 POST /admin/leads): it
 * starts on the sales desk as a manual lead with the status named (default
 * New); an affiliate's lead is theirs (affiliate_id). Refused when it has
 * neither e-mail nor phone, or its e-mail is already a lead or an account.
 */
export async function createLead(input: CreateLeadInput) {
  const email = normalizeLeadEmail(input.email)
  const phone = blankToNull(input.phone)
  if (!email && !phone) throw new UserFacingException(LEAD_MESSAGES.reachable, { field: 'email' })
  return db.transaction(async (trx) => {
    const status = await statusNamed(trx, blankToNull(input.leadStatus))
    await assertFreeContact(trx, { email, phone })
    const lead = await withUniqueLeadEmail(() =>
      Lead.create(
        {
          ...leadColumnsOf(input, LEAD_INPUTS.add.fields),
          email,
          phone,
          salesStatusId: status.id,
          group: 'sales',
          source: 'manual',
          affiliateId: input.staff.roleId === Roles.AFFILIATE ? input.staff.id : null,
        },
        { client: trx }
      )
    )
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.create',
      target: { type: 'lead', id: lead.id },
      after: leadAudit(lead),
    })
    return lead
  })
}
