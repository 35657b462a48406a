import db from '@adonisjs/lucid/services/db'
import Favorite from '#models/favorite'
import Instrument from '#models/instrument'
import type User from '#models/user'
import { isUniqueViolation } from '#services/db_errors'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'

/**
 * Adds an instrument to the user's favorites; adding it twice keeps one row.
 * In a login-as session (`actingStaff`) the addition is audited.
 */
export async function addFavorite(
  user: User,
  instrumentId: number,
  actingStaff: StaffContext | null = null
) {
  const instrument = await Instrument.findOrFail(instrumentId)
  const existing = await Favorite.query()
    .where('user_id', user.id)
    .where('instrument_id', instrument.id)
    .first()
  if (existing) return existing
  try {
    return await db.transaction(async (trx) => {
      const favorite = await Favorite.create(
        { userId: user.id, instrumentId: instrument.id, listId: 1 },
        { client: trx }
      )
      await recordActingStaffWrite(trx, actingStaff, {
        action: 'customer_session.favorite_add',
        customerId: user.id,
        after: { instrument: instrument.name },
      })
      return favorite
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return Favorite.query()
      .where('user_id', user.id)
      .where('instrument_id', instrument.id)
      .firstOrFail()
  }
}

/** Removes an instrument from the user's favorites; removing a missing one is a no-op (and not audited). */
export async function removeFavorite(
  user: User,
  instrumentId: number,
  actingStaff: StaffContext | null = null
) {
  await db.transaction(async (trx) => {
    const removed = await trx
      .from('favorites')
      .where('user_id', user.id)
      .where('instrument_id', instrumentId)
      .delete()
    if (Number(Array.isArray(removed) ? removed[0] : removed) === 0) return
    const instrument = await Instrument.find(instrumentId, { client: trx })
    await recordActingStaffWrite(trx, actingStaff, {
      action: 'customer_session.favorite_remove',
      customerId: user.id,
      before: { instrument: instrument?.name ?? instrumentId },
    })
  })
}
