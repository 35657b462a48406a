import Favorite from '#models/favorite'
import Instrument from '#models/instrument'
import type User from '#models/user'
import { isUniqueViolation } from '#services/db_errors'

/** Adds an instrument to the user's favorites; adding it twice keeps one row. */
export async function addFavorite(user: User, instrumentId: number) {
  const instrument = await Instrument.findOrFail(instrumentId)
  const existing = await Favorite.query()
    .where('user_id', user.id)
    .where('instrument_id', instrument.id)
    .first()
  if (existing) return existing
  try {
    return await Favorite.create({ userId: user.id, instrumentId: instrument.id, listId: 1 })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return Favorite.query()
      .where('user_id', user.id)
      .where('instrument_id', instrument.id)
      .firstOrFail()
  }
}

/** Removes an instrument from the user's favorites; removing a missing one is a no-op. */
export async function removeFavorite(user: User, instrumentId: number) {
  await Favorite.query().where('user_id', user.id).where('instrument_id', instrumentId).delete()
}
