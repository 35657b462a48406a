import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Lead from '#models/lead'
import SalesStatus from '#models/sales_status'
import User from '#models/user'
import PromoCode from '#models/promo_code'
import { attributionOf, normalizeLeadEmail } from '#domain/crm'

export interface SignupLeadInput {
  userId: number
  fullName: string
  email: string
  phone: string | null
  country: string | null
  city: string | null
  promoCodeId: number | null
  /** 'manual' for an account staff added; sign-up's are 'live'. */
  source?: 'live' | 'manual'
  /** The manager a staff member's new customer is given (the lead's manager when it has none). */
  managerId?: number | null
}

/**
 * A customer's sign-up (or an account staff add) creates their lead, or links the lead their
 * e-mail already has (an affiliate's, a CSV's), in the sign-up's transaction.
 * A new lead waits on the Clients page (no desk) and is attributed to the
 * owner of the promo code used; an existing lead keeps its desk and people
 * and only gains what it lacked. A lead being inserted at the same moment by
 * an import is the same lead: the insert yields to it (ON CONFLICT on e-mail).
 */
export async function linkSignupLead(trx: TransactionClientContract, input: SignupLeadInput) {
  const email = normalizeLeadEmail(input.email)!
  const now = DateTime.now()
  const attribution = {
    ...(await promoAttribution(trx, input.promoCodeId)),
    ...(input.managerId ? { managerId: input.managerId } : {}),
  }
  const [firstName, ...rest] = input.fullName.trim().split(/\s+/)
  const defaultStatus = await SalesStatus.query({ client: trx }).where('is_default', true).first()

  await trx
    .insertQuery()
    .table('leads')
    .knexQuery.insert({
      first_name: firstName || null,
      last_name: rest.join(' ') || null,
      email,
      phone: input.phone,
      city: input.city,
      country: input.country,
      sales_status_id: defaultStatus?.id ?? null,
      group: null,
      source: input.source ?? 'live',
      affiliate_id: attribution.affiliateId ?? null,
      manager_id: attribution.managerId ?? null,
      agent_id: attribution.agentId ?? null,
      ret_agent_id: attribution.retAgentId ?? null,
      created_at: now.toSQL({ includeOffset: false }),
      updated_at: now.toSQL({ includeOffset: false }),
    })
    .onConflict('email')
    .ignore()

  const lead = await Lead.query({ client: trx }).where('email', email).forUpdate().firstOrFail()
  if (lead.userId !== null && lead.userId !== input.userId) return lead
  lead.userId = input.userId
  lead.registeredAt = lead.registeredAt ?? now
  lead.firstName = lead.firstName ?? (firstName || null)
  lead.lastName = lead.lastName ?? (rest.join(' ') || null)
  lead.phone = lead.phone ?? input.phone
  lead.city = lead.city ?? input.city
  lead.country = lead.country ?? input.country
  lead.affiliateId = lead.affiliateId ?? attribution.affiliateId ?? null
  lead.managerId = lead.managerId ?? attribution.managerId ?? null
  lead.agentId = lead.agentId ?? attribution.agentId ?? null
  lead.retAgentId = lead.retAgentId ?? attribution.retAgentId ?? null
  await lead.useTransaction(trx).save()
  return lead
}

async function promoAttribution(trx: TransactionClientContract, promoCodeId: number | null) {
  if (promoCodeId === null) return {}
  const promo = await PromoCode.find(promoCodeId, { client: trx })
  if (!promo?.createdById) return {}
  const owner = await User.find(promo.createdById, { client: trx })
  if (!owner || owner.deletedAt) return {}
  return attributionOf(owner.id, owner.roleId)
}
