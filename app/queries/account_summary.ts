import Balance from '#models/balance'
import type User from '#models/user'
import { accountMetrics } from '#domain/account_metrics'
import { openPositionsAtMarket } from '#queries/open_positions'

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

  const positions = (await openPositionsAtMarket(active.id)).map((p) => ({
    instrument: p.instrument,
    type: p.type,
    tradeAmount: p.tradeAmount,
    openRate: p.openRate,
    spread: p.spread,
    exchangeRate: p.exchangeRate,
    currentRate: p.currentRate,
  }))
  return {
    wallets,
    active,
    metrics: accountMetrics({ balance: active.balance, usedMargin: active.margin, positions }),
    positions,
  }
}

export type OpenPositionSummary = Awaited<ReturnType<typeof accountSummary>>['positions'][number]
