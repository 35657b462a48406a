import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Lead from '#models/lead'
import { Roles } from '#domain/roles'
import { fingerprintOf, LEAD_API_MESSAGES, type IntakeOutcome } from '#domain/lead_api'
import type { LeadInput } from '#domain/lead_intake'
import { statusNamed } from '#actions/leads/lead_records'
import { isUniqueViolation } from '#services/db_errors'
import type { ApiPrincipal } from '#services/lead_api_auth'

export type IntakeLead = LeadInput<'api'>

export interface IntakeAnswer {
  status: number
  body: Record<string, unknown>
  /** True when this is the stored answer of an earlier request (nothing was written). */
  replayed: boolean
}

/** Thrown for a key reused with another lead (409). */
export class IdempotencyConflict extends Error {
  constructor(readonly inProgress = false) {
    super(inProgress ? LEAD_API_MESSAGES.inProgress : LEAD_API_MESSAGES.keyReused)
  }
}

const scopeOf = (principal: ApiPrincipal) =>
  principal.kind === 'affiliate' ? `affiliate:${principal.affiliateId}` : 'site'

/**
 * POST /api/v1/leads (issue 14 item 6): adds the lead an affiliate (or the
 * site's landing pages) sends, exactly once.
 *
 * - Idempotent: with an idempotency key (the header, else the reference) the
 *   key is claimed by inserting its row first, in the lead's transaction
 *   (unique per principal and key), and the answer is stored there. A retry,
 *   or a copy racing the first, gets that answer and writes nothing: on
 *   PostgreSQL the copy's insert waits for the first transaction and then
 *   meets the unique index; on SQLite transactions run one at a time. The same
 *   key with a different lead is refused (IdempotencyConflict: 409).
 * - A known e-mail is linked, not duplicated: the lead is inserted under a
 *   savepoint and the e-mail's unique index decides; on a conflict the answer
 *   is the existing lead ('existing', 200), whose owner and desk do not change.
 *   Its id is told only to the affiliate who brought it.
 * - An affiliate's lead is theirs (affiliate_id, source manual); a landing
 *   page's is a live lead; both start on the sales desk with the default status.
 */
export async function intakeLead(
  principal: ApiPrincipal,
  lead: IntakeLead,
  idempotencyKey: string | null
): Promise<IntakeAnswer> {
  if (idempotencyKey === null)
    return { ...(await db.transaction((trx) => write(trx, principal, lead))), replayed: false }
  const scope = scopeOf(principal)
  const fingerprint = fingerprintOf({ ...lead })
  const stored = await storedAnswer(scope, idempotencyKey, fingerprint)
  if (stored) return stored
  try {
    return await db.transaction(async (trx) => {
      await trx.table('lead_intake_requests').insert({
        scope,
        key: idempotencyKey,
        fingerprint,
        status: 0,
        response: '{}',
        created_at: DateTime.now().toSQL({ includeOffset: false }),
      })
      const answer = await write(trx, principal, lead)
      await trx
        .from('lead_intake_requests')
        .where('scope', scope)
        .where('key', idempotencyKey)
        .update({
          status: answer.status,
          response: JSON.stringify(answer.body),
          lead_id: answer.leadId,
        })
      return { status: answer.status, body: answer.body, replayed: false }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const winner = await storedAnswer(scope, idempotencyKey, fingerprint)
    if (winner) return winner
    throw new IdempotencyConflict(true)
  }
}

async function write(trx: TransactionClientContract, principal: ApiPrincipal, input: IntakeLead) {
  const status = await statusNamed(trx, null)
  const affiliateId = principal.kind === 'affiliate' ? principal.affiliateId : null
  let lead: Lead
  let outcome: IntakeOutcome = 'created'
  // A registered customer is known to the broker like a lead: an affiliate can neither claim
  // them (and their deposits) nor tell a customer from a lead by the answer (issue 21 item 7).
  const userId = await customerNamed(trx, input.email)
  if (affiliateId !== null && userId !== null) {
    return { status: 200, body: existingAnswer(null), leadId: null }
  }
  try {
    lead = await trx.transaction((savepoint) =>
      Lead.create(
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          country: input.country ?? null,
          city: input.city ?? null,
          funnelLink: input.funnelLink ?? null,
          reference: input.reference ?? null,
          leadSourceId: input.leadSourceId ?? null,
          salesStatusId: status.id,
          group: 'sales',
          source: principal.kind === 'site' ? 'live' : 'manual',
          affiliateId,
          userId,
          registeredAt: userId === null ? null : DateTime.now(),
        },
        { client: savepoint }
      )
    )
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    lead = await Lead.query({ client: trx }).where('email', input.email).firstOrFail()
    outcome = 'existing'
  }
  const theirs = affiliateId !== null && lead.affiliateId === affiliateId
  const body =
    outcome === 'created'
      ? { result: 'created', duplicate: false, id: lead.id, linkedToAccount: lead.userId !== null }
      : existingAnswer(theirs ? lead.id : null)
  return { status: outcome === 'created' ? 201 : 200, body, leadId: lead.id as number | null }
}

/** The answer for an e-mail the broker already knows: the lead's id only to the affiliate who brought it. */
function existingAnswer(id: number | null) {
  return {
    result: 'existing',
    duplicate: true,
    id,
    message: 'A lead with this email is already known; it was linked, not added again',
  }
}

/** A customer account with this e-mail and no lead yet: a landing page's new lead is that account's. */
async function customerNamed(trx: TransactionClientContract, email: string) {
  const user = await trx
    .from('users')
    .whereRaw('lower(email) = ?', [email])
    .where('role_id', Roles.CUSTOMER)
    .whereNotExists((q) => q.from('leads').whereColumn('leads.user_id', 'users.id'))
    .select('id')
    .first()
  return user ? Number(user.id) : null
}

async function storedAnswer(
  scope: string,
  key: string,
  fingerprint: string
): Promise<IntakeAnswer | null> {
  const row = await db.from('lead_intake_requests').where('scope', scope).where('key', key).first()
  if (!row) return null
  if (row.fingerprint !== fingerprint) throw new IdempotencyConflict()
  return {
    status: Number(row.status),
    body: JSON.parse(row.response) as Record<string, unknown>,
    replayed: true,
  }
}
