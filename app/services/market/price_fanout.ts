import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import priceBook, { type Quote } from '#services/market/price_book'
import priceStream, { type PriceFrame } from '#services/market/price_stream'
import type { Fence } from '#services/market/market_lease'

/** Browsers get at most this many price frames a second, however fast ticks arrive. */
export const CONFLATE_MS = 250
/** Stored prices (read by server-side figures and other processes) lag at most this much. */
export const PERSIST_MS = 2000

/** The `priceUpdate` frame browsers receive for these quotes. */
export function priceFrame(quotes: Quote[]): PriceFrame {
  return {
    type: 'priceUpdate',
    instruments: quotes.map(({ name, bids, asks, closeoutBid, closeoutAsk }) => ({
      name,
      bids,
      asks,
      closeoutBid,
      closeoutAsk,
    })),
  }
}

/**
 * Drains the quotes changed since the last call into one frame and sends it
 * (by default to the price stream: serialized once, the same bytes to every
 * subscriber). Returns the frame, or null when nothing changed.
 */
export function flushPrices(
  send: (frame: PriceFrame) => void = (frame) => priceStream.publish(frame)
) {
  const changed = priceBook.drain('broadcast')
  if (changed.length === 0) return null
  const frame = priceFrame(changed)
  send(frame)
  return frame
}

/**
 * Sends the changed quotes as one `priceUpdate` frame per interval on the
 * public prices channel, and writes them to the instruments table less often
 * (fenced by the market lease when the market role runs it).
 */
export function startPriceFanout(options: { fence?: Fence } = {}) {
  const broadcast = setInterval(() => flushPrices(), CONFLATE_MS)

  let writing = false
  const persist = setInterval(async () => {
    if (writing) return
    const changed = priceBook.drain('persist')
    if (changed.length === 0) return
    writing = true
    try {
      const now = DateTime.now().toSQL({ includeOffset: false })
      await db.transaction(async (trx) => {
        await options.fence?.(trx)
        for (const q of changed) {
          await trx
            .from('instruments')
            .where('name', q.name)
            .update({ bids: q.bids, asks: q.asks, updated_at: now })
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
