import Balance from '#models/balance'
import Order from '#models/order'
import Instrument from '#models/instrument'
import type User from '#models/user'
import priceBook from '#services/market/price_book'
import { accountMetrics, currentRateFor, type OpenPositionInput } from '#domain/account_metrics'
import { toDbDecimal } from '#domain/money'

/**
 * The signed-in user's wallets and the active wallet's figures, from the
 * stored balance and margin and the open positions at current prices (this
 * process's live quotes, else the stored ones). The positions travel to the
 * browser too, so it can recompute the figures as prices stream in.
 */
export async function accountSummary(user: User) {
  const wallets = await Balance.query().where('user_id', user.id).orderBy('id', 'asc')
  const active = wallets.find((w) => w.id === user.activeBalanceId) ?? wallets[0] ?? null
  if (!active) return { wallets, active: null, metrics: null, positions: [] }

  const open = await Order.query().where('balance_id', active.id).whereNull('close_time')
  const stored = open.length
    ? await Instrument.query().whereIn('name', [...new Set(open.map((o) => o.instrument))])
    : []
  const byName = new Map(stored.map((i) => [i.name, i]))
  const positions = open.map((o) => {
    const stored = byName.get(o.instrument)
    const { bids, asks } = priceBook.latest(stored ?? { name: o.instrument, bids: null, asks: null })
    const bid = bids ?? o.openRate
    const ask = asks ?? o.openRate
    return {
      instrument: o.instrument,
      type: o.type,
      tradeAmount: toDbDecimal(o.tradeAmount),
      openRate: toDbDecimal(o.openRate),
      spread: toDbDecimal(o.spread),
      exchangeRate: toDbDecimal(o.exchangeRate),
      currentRate: currentRateFor(o.type, bid, ask),
    } satisfies OpenPositionInput & { instrument: string }
  })
  return {
    wallets,
    active,
    metrics: accountMetrics({ balance: active.balance, usedMargin: active.margin, positions }),
    positions,
  }
}

export type OpenPositionSummary = Awaited<ReturnType<typeof accountSummary>>['positions'][number]
