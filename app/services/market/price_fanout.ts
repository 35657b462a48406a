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

/**
 * Drains the quotes changed since the last call and sends them (by default
 * down the price stream: one compact frame, encoded once per price channel,
 * the same bytes to every subscriber of that channel). Returns what `send`
 * returns: the price stream's frame, or null when no bid or ask changed.
 */
export function flushPrices<T = PriceFrame | null>(
  send: (quotes: Quote[]) => T = (quotes) => priceStream.publish(quotes) as T
): T | null {
  const changed = priceBook.drain('broadcast')
  if (changed.length === 0) return null
  return send(changed)
}

/**
 * Sends the changed quotes as one frame per interval on the price channels,
 * and writes them to the instruments table less often (fenced by the market
 * lease when the market role runs it).
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
