import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import { PRICES_CHANNEL } from '#domain/channels'
import marketEvents, { type InstrumentChange } from '#services/market/market_events'

/**
 * News about what customers trade on: instruments and pricing plans, sent
 * after the staff change that made it has committed.
 *
 * - The market role, in whichever process holds it, hears a market event
 *   (market_events): the risk engine applies a plan's new stop-outs (or a
 *   customer's new plan) to the positions it watches, the feed manager starts
 *   or stops quoting instruments.
 * - Browsers get a `catalog` frame on the public prices channel (Transmit's
 *   broadcast, so it crosses web processes through Redis like every event):
 *   the trading dashboard re-reads its instruments, leverages, stop-outs and
 *   plans, so a new instrument appears and a switched-off one turns red
 *   without a reload. Sent here, once, by the process that made the change.
 */

/** What browsers receive on the prices channel: "re-read the instruments and plans". */
export type CatalogFrame = { type: 'catalog' }

function tellBrowsers() {
  try {
    const frame: CatalogFrame = { type: 'catalog' }
    transmit.broadcast(PRICES_CHANNEL, frame)
  } catch (error) {
    logger.warn({ err: error }, 'catalog change not broadcast')
  }
}

/** A plan was added, edited or deleted (after the commit). */
export function announcePlanChange(planId: number) {
  marketEvents.publish({ type: 'plan.changed', planId })
  tellBrowsers()
}

/** A customer subscribed to another plan (after the commit). */
export function announceSubscription(userId: number) {
  marketEvents.publish({ type: 'user.plan', userId })
}

/** Instruments were added, edited or deleted (after the commit). */
export function announceInstrumentChange(change: InstrumentChange) {
  marketEvents.publish({ type: 'instruments.changed', change })
  tellBrowsers()
}
