import Favorite from '#models/favorite'

/** The user's favorite instruments, oldest first (customer spec §3: items with list_id). */
export async function favoritesOf(userId: number) {
  const rows = await Favorite.query()
    .where('user_id', userId)
    .preload('instrument')
    .orderBy('id', 'asc')
  return rows.map((f) => ({
    id: f.id,
    instrument_id: f.instrumentId,
    name: f.instrument.name,
    list_id: f.listId,
  }))
}
