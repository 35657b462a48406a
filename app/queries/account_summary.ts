import Balance from '#models/balance'
import Order from '#models/order'
import Instrument from '#models/instrument'
import type User from '#models/user'
import { accountMetrics, type OpenPositionInput } from '#domain/account_metrics'

/**
 * The signed-in user's wallets and the active wallet's figures, from the
 * stored balance and margin and the open positions at current prices.
 */
export async function accountSummary(user: User) {
  const wallets = await Balance.query().where('user_id', user.id).orderBy('id', 'asc')
  const active = wallets.find((w) => w.id === user.activeBalanceId) ?? wallets[0] ?? null
  if (!active) return { wallets, active: null, metrics: null }

  const open = await Order.query().where('balance_id', active.id).whereNull('close_time')
  const prices = open.length
    ? await Instrument.query().whereIn('name', [...new Set(open.map((o) => o.instrument))])
    : []
  const byName = new Map(prices.map((i) => [i.name, i]))
  const positions: OpenPositionInput[] = open.map((o) => {
    const instrument = byName.get(o.instrument)
    const currentRate = (o.type === 'sell' ? instrument?.bids : instrument?.asks) ?? o.openRate
    return {
      type: o.type,
      tradeAmount: o.tradeAmount,
      openRate: o.openRate,
      currentRate,
      spread: o.spread,
      exchangeRate: o.exchangeRate,
    }
  })
  return {
    wallets,
    active,
    metrics: accountMetrics({ balance: active.balance, usedMargin: active.margin, positions }),
  }
}
