import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { normalizeLeadEmail } from '#domain/crm'
import {
  blankToNull,
  LEAD_DETAIL_FIELDS,
  LEAD_INPUTS,
  LEAD_MESSAGES,
  leadColumnsOf,
  leadEditScope,
  type LeadInput,
  PERSON_MESSAGES,
  PERSON_ROLES,
} from '#domain/lead_intake'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { findVisibleLead } from '#queries/lead_visibility'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import type { RoleId } from '#domain/roles'
import {
  assertFreeContact,
  leadAudit,
  statusNamed,
  withUniqueLeadEmail,
} from '#actions/leads/lead_records'

export type LeadEdit = LeadInput<'edit'> & {
  managerId?: number | null
  agentId?: number | null
  retId?: number | null
}

export interface UpdateLeadInput extends StaffContext {
  id: unknown
  edit: LeadEdit
  /** The body's keys as sent: an agent naming any field but the status is refused. */
  sentFields: string[]
}

/**
 * Edits a lead from the edit dialog (CRM spec §2.10, §7 PUT /admin/leads/{id})
 * the staff member may see (another desk's lead: 404). What each role may
 * change is `leadEditScope`: sales and retention agents the status only (a
 * body naming another field is refused), a manager everything but the
 * manager (ignored), an admin everything. The people chosen must be active
 * accounts of the select's role.
 */
export async function updateLead(input: UpdateLeadInput) {
  const scope = leadEditScope(input.staff.roleId as RoleId)
  if (scope === 'status-only') {
    const extra = LEAD_DETAIL_FIELDS.filter((field) => input.sentFields.includes(field))
    if (extra.length) {
      throw UserFacingException.forFields(
        extra.map((field) => ({ field, message: LEAD_MESSAGES.agentOnlyStatus }))
      )
    }
  }
  return db.transaction(async (trx) => {
    const lead = await findVisibleLead(input.staff as { id: number; roleId: RoleId }, input.id, {
      client: trx,
      forUpdate: true,
    })
    const before = leadAudit(lead)
    const { edit } = input
    const status = await statusNamed(trx, edit.leadStatus)
    lead.salesStatusId = status.id

    if (scope !== 'status-only') {
      const email = normalizeLeadEmail(edit.email)
      const phone = blankToNull(edit.phone)
      if (!email && !phone)
        throw new UserFacingException(LEAD_MESSAGES.reachable, { field: 'email' })
      if (email !== lead.email || (!email && phone !== lead.phone))
        await assertFreeContact(trx, { email, phone }, { leadId: lead.id, userId: lead.userId })
      lead.merge({
        ...leadColumnsOf(edit, LEAD_INPUTS.edit.fields),
        email,
        phone,
        agentId: await person(trx, 'agentId', edit.agentId),
        retAgentId: await person(trx, 'retId', edit.retId),
      })
      if (scope === 'all') lead.managerId = await person(trx, 'managerId', edit.managerId)
    }

    await withUniqueLeadEmail(() => lead.useTransaction(trx).save())
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.update',
      target: { type: 'lead', id: lead.id },
      before,
      after: leadAudit(lead),
    })
    return lead
  })
}

/** The person a select names: none (null), or an active account of the select's role. */
async function person(
  trx: TransactionClientContract,
  field: keyof typeof PERSON_ROLES,
  id: number | null | undefined
) {
  if (id === null || id === undefined) return null
  const user = await User.query({ client: trx })
    .where('id', id)
    .where('role_id', PERSON_ROLES[field])
    .where('is_active', true)
    .whereNull('deleted_at')
    .first()
  if (!user) throw new UserFacingException(PERSON_MESSAGES[field], { field })
  return user.id
}
