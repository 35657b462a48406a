import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import priceBook from '#services/market/price_book'
import { PRICES_CHANNEL } from '#domain/channels'

/** Browsers get at most this many price frames a second, however fast ticks arrive. */
export const CONFLATE_MS = 250
/** Stored prices (read by server-side figures and other processes) lag at most this much. */
export const PERSIST_MS = 2000

/**
 * Sends the changed quotes as one `priceUpdate` frame per interval on the
 * public prices channel, and writes them to the instruments table less often.
 */
export function startPriceFanout() {
  const broadcast = setInterval(() => {
    const changed = priceBook.drain('broadcast')
    if (changed.length === 0) return
    transmit.broadcast(PRICES_CHANNEL, {
      type: 'priceUpdate',
      instruments: changed.map(({ name, bids, asks, closeoutBid, closeoutAsk }) => ({
        name,
        bids,
        asks,
        closeoutBid,
        closeoutAsk,
      })),
    })
  }, CONFLATE_MS)

  let writing = false
  const persist = setInterval(async () => {
    if (writing) return
    const changed = priceBook.drain('persist')
    if (changed.length === 0) return
    writing = true
    try {
      const now = DateTime.now().toSQL({ includeOffset: false })
      await db.transaction(async (trx) => {
        for (const q of changed) {
          await trx.from('instruments').where('name', q.name).update({ bids: q.bids, asks: q.asks, updated_at: now })
        }
      })
    } catch (error) {
      logger.warn({ err: error }, 'prices not stored')
    } finally {
      writing = false
    }
  }, PERSIST_MS)

  return () => {
    clearInterval(broadcast)
    clearInterval(persist)
  }
}
