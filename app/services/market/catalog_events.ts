import { EventEmitter } from 'node:events'
import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import { PRICES_CHANNEL } from '#domain/channels'
import type { Category } from '#domain/instruments'

/**
 * News about what customers trade on: instruments and pricing plans, sent
 * after the staff change that made it has committed.
 *
 * - In this process, the market role reacts at once: the risk engine applies
 *   a plan's new stop-outs (or a customer's new plan) to the positions it
 *   watches, the feed manager starts or stops quoting instruments. Another
 *   process's market role learns from its own periodic re-reads (the risk
 *   engine's resync), as with positions.
 * - Browsers get a `catalog` frame on the public prices channel (Transmit's
 *   broadcast, so it crosses web processes through Redis like every event):
 *   the trading dashboard re-reads its instruments, leverages, stop-outs and
 *   plans, so a new instrument appears and a switched-off one turns red
 *   without a reload.
 */
export interface InstrumentChange {
  /** The categories touched (a moved instrument names both), so only their feeds are revisited. */
  categories: Category[]
  /** Instruments added or edited; `repriced` when their stored price is new (a simulated walk restarts from it). */
  upserted?: { name: string; repriced: boolean }[]
  /** Names no longer quoted (deleted, or the old name of a renamed one). */
  removed?: string[]
}

export interface CatalogEvents {
  /** A plan's leverages or stop-outs changed, or the plan was deleted. */
  plan: [planId: number]
  /** A customer's plan switched. */
  subscriber: [userId: number]
  instruments: [change: InstrumentChange]
}

const catalogEvents = new EventEmitter<CatalogEvents>()
catalogEvents.setMaxListeners(50)
export default catalogEvents

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
  catalogEvents.emit('plan', planId)
  tellBrowsers()
}

/** A customer subscribed to another plan (after the commit). */
export function announceSubscription(userId: number) {
  catalogEvents.emit('subscriber', userId)
}

/** Instruments were added, edited or deleted (after the commit). */
export function announceInstrumentChange(change: InstrumentChange) {
  catalogEvents.emit('instruments', change)
  tellBrowsers()
}
