import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import Instrument from '#models/instrument'
import { PRICES_CHANNEL } from '#domain/channels'
import { isQuoteStale } from '#services/market/trade_quote'

/** How often the market role tells browsers which prices are stale. */
export const STALE_BROADCAST_MS = 5000

/**
 * A `stale` frame on the public prices channel: every instrument whose orders are refused for an
 * old price. `reason: 'market-down'` when a web process finds the market role silent and calls
 * every price stale (app/services/market/market_watch.ts).
 */
export type StaleFrame = { type: 'stale'; instruments: string[]; reason?: 'market-down' }

/** The tradable instruments whose price is stale now (the server refuses their orders). */
export async function staleInstruments(now = Date.now()): Promise<string[]> {
  const rows = await Instrument.query()
    .select('name', 'updated_at')
    .where('tradable', true)
    .orderBy('name')
  return rows.filter((i) => isQuoteStale(i, now)).map((i) => i.name)
}

export async function broadcastStale() {
  const frame: StaleFrame = { type: 'stale', instruments: await staleInstruments() }
  transmit.broadcast(PRICES_CHANNEL, frame)
  return frame
}

/**
 * Every few seconds, the names of the instruments with a stale price go to
 * every browser, so the market watch's dot turns red while the server refuses
 * their orders (issue 10 §4); a stale feed sends no price frames to say so.
 */
export function startStaleBroadcast(everyMs = STALE_BROADCAST_MS) {
  let running = false
  const send = async () => {
    if (running) return
    running = true
    try {
      await broadcastStale()
    } catch (error) {
      logger.warn({ err: error }, 'stale prices not broadcast')
    } finally {
      running = false
    }
  }
  void send()
  const timer = setInterval(send, everyMs)
  return () => clearInterval(timer)
}
