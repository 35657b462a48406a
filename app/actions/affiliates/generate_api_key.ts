import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { newApiKey, maskedApiKey } from '#domain/lead_api'
import { recordStaffAction, type StaffContext } from '#services/audit_log'

/**
 * POST /affiliate/api (CRM spec §2.4, §7): a new key for the affiliate. Only
 * its SHA-256 is kept, in the affiliate's one row, so the previous key stops
 * working when this transaction commits. Returns the key itself: the page
 * shows it once (docs/DECISIONS.md "Affiliates: API key and lead intake").
 */
export async function generateApiKey(by: StaffContext) {
  const { key, hash, hint } = newApiKey()
  await db.transaction(async (trx) => {
    const previous = await trx.from('affiliate_api_keys').where('user_id', by.staff.id).first()
    const row = {
      user_id: by.staff.id,
      key_hash: hash,
      key_hint: hint,
      created_at: DateTime.now().toSQL({ includeOffset: false }),
    }
    await trx
      .insertQuery()
      .table('affiliate_api_keys')
      .knexQuery.insert(row)
      .onConflict('user_id')
      .merge(['key_hash', 'key_hint', 'created_at'])
    await recordStaffAction(trx, {
      ...by,
      action: 'affiliate_api_key.generate',
      target: { type: 'affiliate_api_key', id: by.staff.id },
      before: previous ? { key: maskedApiKey(previous.key_hint) } : null,
      after: { key: maskedApiKey(hint) },
    })
  })
  return key
}

/** The affiliate's key as the page shows it (masked), with when it was made; null: none yet. */
export async function currentApiKey(userId: number) {
  const row = await db.from('affiliate_api_keys').where('user_id', userId).first()
  if (!row) return null
  return { masked: maskedApiKey(row.key_hint), createdAt: row.created_at as string | Date }
}
