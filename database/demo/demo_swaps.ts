import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import User from '#models/user'
import { openPosition, positionTerms } from '#actions/orders/open_position'
import { applyRollover } from '#actions/swaps/apply_rollover'
import type { Category } from '#domain/instruments'
import { latestRolloverDate, rolloverDatesBetween, rolloverInstant } from '#domain/swaps'

/** Annual swap rates (%, positive = credit) a broker would quote, for instruments that have none. */
const DEMO_SWAP_RATES: Record<Category, { long: string; short: string }> = {
  forex: { long: '-3.2', short: '0.9' },
  commodity: { long: '-4.5', short: '-1.5' },
  index: { long: '-5', short: '-1' },
  stock: { long: '-6', short: '-2' },
  crypto: { long: '-18', short: '-12' },
}

/** The demo customer's positions held over several rollovers: [instrument, side, units, days ago]. */
const HELD_POSITIONS: [string, 'buy' | 'sell', string, number][] = [
  ['EUR_USD', 'buy', '20000', 5],
  ['USD_JPY', 'sell', '15000', 4],
  ['XAU_USD', 'buy', '3', 3],
  ['BTC_USD', 'buy', '0.05', 5],
]

/**
 * Demo positions old enough to have paid swaps (`npm run demo`, after the
 * living broker): the instruments get swap rates, the demo customer holds a
 * few positions opened three to five days ago on their real wallet, and the
 * rollovers of the days since are applied through the rollover itself, so
 * their swap charges, ledger entries and accumulated swaps are real (every
 * position open then pays, the living broker's too). Once: skipped when any
 * rollover is recorded.
 */
export async function seedDemoSwaps(now: DateTime = DateTime.now()) {
  if (await db.from('rollovers').first()) return { seeded: false, charged: 0, days: [] as string[] }

  for (const [category, rates] of Object.entries(DEMO_SWAP_RATES)) {
    await Instrument.query()
      .where('category', category)
      .whereNull('swap_long')
      .whereNull('swap_short')
      .update({ swap_long: rates.long, swap_short: rates.short })
  }

  const customer = await User.findByOrFail('email', 'customer@demo.test')
  const wallet = await Balance.query()
    .where('user_id', customer.id)
    .where('mode', 'real')
    .firstOrFail()
  let oldest = now
  for (const [name, type, amount, daysAgo] of HELD_POSITIONS) {
    const instrument = await Instrument.findBy('name', name)
    if (!instrument?.bids || !instrument.asks) continue
    const terms = await positionTerms({
      user: customer,
      wallet,
      instrument,
      type,
      amount,
      profit: null,
      loss: null,
      quote: { bid: instrument.bids, ask: instrument.asks },
    })
    const openedAt = now.minus({ days: daysAgo }).startOf('hour')
    await db.transaction(async (trx) => {
      const order = await openPosition(trx, terms)
      await trx
        .from('orders')
        .where('id', order.id)
        .update({ created_at: openedAt.toUTC().toSQL({ includeOffset: false }) })
    })
    if (openedAt < oldest) oldest = openedAt
  }

  const latest = latestRolloverDate(now)
  const days = rolloverDatesBetween(latestRolloverDate(oldest), latest).filter(
    (date) => rolloverInstant(date) > oldest
  )
  let charged = 0
  for (const date of days) charged += (await applyRollover(date)).charged
  return { seeded: true, charged, days }
}
