import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Lead from '#models/lead'
import SalesStatus from '#models/sales_status'
import { DEFAULT_LEAD_STATUS } from '#domain/crm'
import { LEAD_MESSAGES } from '#domain/lead_intake'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { refusingDuplicates } from '#services/db_errors'

/** What the audit log keeps of a lead (before and after a change). */
export function leadAudit(lead: Lead) {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    country: lead.country,
    city: lead.city,
    funnelLink: lead.funnelLink,
    reference: lead.reference,
    leadSourceId: lead.leadSourceId,
    salesStatusId: lead.salesStatusId,
    group: lead.group,
    source: lead.source,
    affiliateId: lead.affiliateId,
    managerId: lead.managerId,
    agentId: lead.agentId,
    retAgentId: lead.retAgentId,
    linked: lead.userId,
  }
}

/**
 * The status a name picks (§2.10: chosen from the sales statuses); no name
 * is the default status ('New' unless another is marked default). An
 * unknown name is refused under `leadStatus`.
 */
export async function statusNamed(trx: TransactionClientContract, name: string | null | undefined) {
  const query = SalesStatus.query({ client: trx })
  const status = name
    ? await query.where('status', name).first()
    : ((await query.clone().where('is_default', true).first()) ??
      (await SalesStatus.query({ client: trx }).where('status', DEFAULT_LEAD_STATUS).first()))
  if (!status) throw new UserFacingException(LEAD_MESSAGES.unknownStatus, { field: 'leadStatus' })
  return status
}

/**
 * Refuses an e-mail that another lead or an account already has, or a
 * phone-only lead whose phone another lead has (so a form sent twice adds one
 * lead). `exceptLeadId` and `exceptUserId` are the lead being edited and its
 * linked account.
 */
export async function assertFreeContact(
  trx: TransactionClientContract,
  contact: { email: string | null; phone: string | null },
  except: { leadId?: number; userId?: number | null } = {}
) {
  if (contact.email) {
    const lead = trx.from('leads').where('email', contact.email)
    if (except.leadId) lead.whereNot('id', except.leadId)
    if (await lead.first())
      throw new UserFacingException(LEAD_MESSAGES.emailTaken, { field: 'email' })
    const user = trx.from('users').whereRaw('lower(email) = ?', [contact.email])
    if (except.userId) user.whereNot('id', except.userId)
    if (await user.first())
      throw new UserFacingException(LEAD_MESSAGES.emailIsCustomer, { field: 'email' })
  } else if (contact.phone) {
    const lead = trx.from('leads').where('phone', contact.phone).whereNull('email')
    if (except.leadId) lead.whereNot('id', except.leadId)
    if (await lead.first())
      throw new UserFacingException(LEAD_MESSAGES.phoneTaken, { field: 'phone' })
  }
}

/** Saves through `write`; the e-mail's unique index refusing (a race) becomes the same 422. */
export function withUniqueLeadEmail<T>(write: () => Promise<T>): Promise<T> {
  return refusingDuplicates(write, LEAD_MESSAGES.emailTaken, 'email')
}
