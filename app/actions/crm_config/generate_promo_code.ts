import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import PromoCode from '#models/promo_code'
import { PROMO_CODE_LENGTH } from '#domain/crm_config'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { insertWithFreshCode, randomCode } from '#actions/crm_config/codes'

/**
 * POST /admin/promo-code (CRM spec §2.7): a new random code for the staff
 * member, their previous one deactivated (a sign-up with it then gets
 * 'Invalid promo code'), in one transaction. Two clicks at once are
 * serialized on the staff member's row, so one code stays active.
 */
export async function generatePromoCode(by: StaffContext) {
  return db.transaction(async (trx) => {
    if (trx.dialect.name === 'postgres') {
      await trx.from('users').where('id', by.staff.id).forUpdate().select('id')
    }
    const previous = await trx
      .from('promo_codes')
      .where('created_by_id', by.staff.id)
      .where('is_active', true)
      .orderBy('id', 'desc')
      .first()
    await trx
      .from('promo_codes')
      .where('created_by_id', by.staff.id)
      .where('is_active', true)
      .update({ is_active: false, updated_at: DateTime.now().toSQL({ includeOffset: false }) })
    const promo = await insertWithFreshCode(
      trx,
      () => randomCode(PROMO_CODE_LENGTH),
      (savepoint, code) =>
        PromoCode.create({ code, createdById: by.staff.id, isActive: true }, { client: savepoint })
    )
    await recordStaffAction(trx, {
      ...by,
      action: 'promo_code.generate',
      target: { type: 'promo_code', id: promo.id },
      before: previous ? { code: previous.code } : null,
      after: { code: promo.code },
    })
    return promo
  })
}

/** The staff member's active code, or null (CRM spec §2.7: the page's read-only field). */
export async function currentPromoCode(userId: number): Promise<string | null> {
  const row = await PromoCode.query()
    .where('created_by_id', userId)
    .where('is_active', true)
    .orderBy('id', 'desc')
    .first()
  return row?.code ?? null
}
