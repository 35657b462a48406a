import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { isUniqueViolation } from '#services/db_errors'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** An `Idempotency-Key` header: 1 to 255 visible ASCII characters (a UUID is what the forms send). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request'
export const KEY_INVALID_MESSAGE = 'The Idempotency-Key header must be 1 to 255 visible characters'

export interface Answer {
  status: number
  body: Record<string, unknown>
}

export interface IdempotentRequest {
  staffId: number
  /** The header's value; absent: the work runs as a plain transaction. */
  key: string | undefined
  /** What the request asks (route and validated body): the key answers only this request. */
  request: unknown
}

/** The digest a key is bound to. */
export function fingerprintOf(request: unknown) {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex')
}

/**
 * Runs a staff write at most once per staff member and `Idempotency-Key`
 * (Stripe's scheme): the key is claimed by inserting its row first in the
 * write's own transaction (unique per staff member + key), and the answer is
 * stored there when the write succeeds. A retry, or a duplicate racing the
 * first, gets the stored answer with `replayed: true` and applies nothing:
 * on PostgreSQL the duplicate's insert waits for the first transaction and
 * then hits the unique constraint; on SQLite transactions run one at a time,
 * so it finds the row. A refused request (validation, a business rule)
 * rolls back its claim, so the key stays free for a corrected retry. The key
 * reused for a different request is refused with 422.
 */
export async function runIdempotent(
  input: IdempotentRequest,
  work: (trx: TransactionClientContract) => Promise<Answer>
): Promise<Answer & { replayed: boolean }> {
  if (input.key === undefined) return { ...(await db.transaction(work)), replayed: false }
  if (!IDEMPOTENCY_KEY.test(input.key)) {
    throw new UserFacingException(KEY_INVALID_MESSAGE, { field: 'idempotencyKey' })
  }
  const fingerprint = fingerprintOf(input.request)
  const stored = await storedAnswer(input.staffId, input.key, fingerprint)
  if (stored) return stored

  try {
    return await db.transaction(async (trx) => {
      await trx.table('idempotency_keys').insert({
        staff_id: input.staffId,
        key: input.key,
        fingerprint,
        status: 0,
        response: '{}',
        created_at: DateTime.now().toSQL({ includeOffset: false }),
      })
      const answer = await work(trx)
      await trx
        .from('idempotency_keys')
        .where('staff_id', input.staffId)
        .where('key', input.key!)
        .update({ status: answer.status, response: JSON.stringify(answer.body) })
      return { ...answer, replayed: false }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const winner = await storedAnswer(input.staffId, input.key, fingerprint)
    if (winner) return winner
    throw new UserFacingException('This request is being processed; please try again', {
      status: 409,
    })
  }
}

async function storedAnswer(staffId: number, key: string, fingerprint: string) {
  const row = await db.from('idempotency_keys').where('staff_id', staffId).where('key', key).first()
  if (!row) return null
  if (row.fingerprint !== fingerprint)
    throw new UserFacingException(KEY_REUSED_MESSAGE, { field: 'idempotencyKey' })
  return {
    status: Number(row.status),
    body: JSON.parse(row.response) as Record<string, unknown>,
    replayed: true,
  }
}
