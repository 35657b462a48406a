import Balance from '#models/balance'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import priceBook from '#services/market/price_book'
import { closeOrder } from '#actions/orders/close_order'
import { openPositionsAtMarket } from '#queries/open_positions'
import { accountMetrics, positionProfitLoss } from '#domain/account_metrics'
import { isStopOut, largestLoser } from '#domain/risk'
import { stopOutFor } from '#domain/trading'
import { toDbDecimal } from '#domain/money'

/**
 * Stop-out of one wallet, decided with exact decimals: while the margin level
 * is at or below the stop-out percent of a position's kind (or equity ≤ 0),
 * close the largest loser among those positions, then look again. Returns the
 * ids closed. The risk engine calls it after a float pre-screen said "maybe".
 */
export async function stopOutAccount(balanceId: number): Promise<number[]> {
  const closed: number[] = []
  for (let round = 0; round < 1000; round++) {
    const wallet = await Balance.find(balanceId)
    if (!wallet) return closed
    const owner = await User.find(wallet.userId)
    const plan = owner?.pricingTableId ? await PricingPlan.find(owner.pricingTableId) : null
    const positions = await openPositionsAtMarket(balanceId)
    if (positions.length === 0) return closed

    const metrics = accountMetrics({
      balance: wallet.balance,
      usedMargin: wallet.margin,
      positions,
    })
    const candidates = positions
      .filter((p) =>
        isStopOut({
          equity: metrics.equity,
          marginLevel: metrics.marginLevel,
          stopOut: stopOutFor(p.kind, plan),
        })
      )
      .map((p) => ({ ...p, profitLoss: positionProfitLoss(p) }))
    const worst = largestLoser(candidates)
    if (!worst) return closed

    const live = priceBook.get(worst.instrument)
    const quote = live
      ? { bid: live.bids, ask: live.asks, at: live.at }
      : { bid: toDbDecimal(worst.currentRate), ask: toDbDecimal(worst.currentRate), at: Date.now() }
    const result = await closeOrder({ orderId: worst.id, userId: null, reason: 'stop_out', quote })
    if (result) closed.push(worst.id)
  }
  return closed
}
