import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Balance from '#models/balance'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import { evidenceQuoteOf } from '#services/market/trade_quote'
import { runAfterResponse } from '#services/deferred'
import { sendStopOutMail } from '#services/risk_mails'
import { accountMetrics } from '#domain/account_metrics'
import type { AccountAtTrigger } from '#domain/evidence'
import { closeOrder, settleClose } from '#actions/orders/close_order'
import { openPositionsAtMarket } from '#queries/open_positions'
import { stopOutVictim } from '#domain/risk'
import { stopOutFor } from '#domain/trading'
import { toDbDecimal } from '#domain/money'
import type { Fence } from '#services/market/market_lease'

/**
 * Stop-out of one wallet, decided with exact decimals: while the margin level
 * is at or below the stop-out percent of a position's kind (or equity ≤ 0),
 * close the largest loser among those positions, then look again. Returns the
 * ids closed. The risk engine calls it after a float pre-screen said "maybe",
 * with the market lease's fence: each close checks the lease in its transaction.
 * Each close stores its quote and the account at its trigger (execution
 * evidence); once done, the customer gets one e-mail listing them.
 */
export async function stopOutAccount(
  balanceId: number,
  options: { fence?: Fence } = {}
): Promise<number[]> {
  const closed: number[] = []
  let atTrigger: AccountAtTrigger | null = null
  try {
    await closeRounds()
  } finally {
    // One e-mail per stop-out event, with every position it closed and the account at the trigger.
    if (closed.length > 0 && atTrigger) {
      const account = atTrigger
      runAfterResponse('stop-out e-mail', () => sendStopOutMail(balanceId, closed, account))
    }
  }
  return closed

  async function closeRounds() {
    for (let round = 0; round < 1000; round++) {
      const wallet = await Balance.find(balanceId)
      if (!wallet) return
      const owner = await User.find(wallet.userId)
      const plan = owner?.pricingTableId ? await PricingPlan.find(owner.pricingTableId) : null
      const positions = await openPositionsAtMarket(balanceId)
      const worst = stopOutVictim({
        balance: wallet.balance,
        usedMargin: wallet.margin,
        positions,
        stopOutOf: (kind) => stopOutFor(kind, plan),
      })
      if (!worst) return
      const metrics = accountMetrics({
        balance: wallet.balance,
        usedMargin: wallet.margin,
        positions,
      })
      const account = {
        equity: metrics.equity,
        margin: metrics.usedMargin,
        marginLevel: metrics.marginLevel,
      }

      const result = await closeOrder({
        orderId: worst.id,
        userId: null,
        reason: 'stop_out',
        quote: await evidenceQuoteOf(worst.instrument, worst.currentRate),
        account,
        fence: options.fence,
      })
      if (result) {
        atTrigger ??= account
        closed.push(worst.id)
      }
    }
  }
}

export interface StopOutWithin {
  /** Orders closed, in the order they closed. */
  closed: { id: number; instrument: string }[]
  /** Their ledger entries (realized P/L, write-offs). */
  entryIds: number[]
}

/**
 * The same stop-out inside the caller's transaction, for a staff action that
 * brought the account to it (a trade correction): each close names the staff
 * member, and the caller links the entries to its audit row, so nothing the
 * action caused is left to the risk engine to do anonymously later. Closes
 * are the same conditional updates as `closeOrder`'s, so a risk engine
 * racing this closes each position at most once between them. The caller
 * holds the wallet's open orders locked (see `lockedOrderForCorrection`).
 */
export async function stopOutWithin(
  trx: TransactionClientContract,
  balanceId: number,
  staffId: number
): Promise<StopOutWithin> {
  const result: StopOutWithin = { closed: [], entryIds: [] }
  let atTrigger: AccountAtTrigger | null = null
  const wallet0 = await Balance.query({ client: trx }).where('id', balanceId).firstOrFail()
  const owner = await User.query({ client: trx }).where('id', wallet0.userId).first()
  const plan = owner?.pricingTableId
    ? await PricingPlan.query({ client: trx }).where('id', owner.pricingTableId).first()
    : null
  for (let round = 0; round < 1000; round++) {
    const wallet =
      round === 0
        ? wallet0
        : await Balance.query({ client: trx }).where('id', balanceId).firstOrFail()
    const positions = await openPositionsAtMarket(balanceId, trx)
    const worst = stopOutVictim({
      balance: wallet.balance,
      usedMargin: wallet.margin,
      positions,
      stopOutOf: (kind) => stopOutFor(kind, plan),
    })
    if (!worst) break
    const order = await Order.query({ client: trx }).where('id', worst.id).forUpdate().first()
    // Closed or deleted meanwhile: the next round reads the positions again without it.
    if (!order || order.closeTime || order.deletedAt) continue
    const metrics = accountMetrics({
      balance: wallet.balance,
      usedMargin: wallet.margin,
      positions,
    })
    const atThisRound = {
      equity: metrics.equity,
      margin: metrics.usedMargin,
      marginLevel: metrics.marginLevel,
    }
    const settled = await settleClose(trx, order, {
      closeRate: toDbDecimal(worst.currentRate),
      reason: 'stop_out',
      staffId,
      evidence: {
        quote: await evidenceQuoteOf(worst.instrument, worst.currentRate, trx),
        account: atThisRound,
      },
    })
    if (!settled) continue
    atTrigger ??= atThisRound
    result.closed.push({ id: order.id, instrument: order.instrument })
    result.entryIds.push(...settled.entryIds)
  }
  // The same stop-out e-mail as the risk engine's, once the correction commits.
  if (atTrigger && result.closed.length > 0) {
    const account = atTrigger
    const ids = result.closed.map((c) => c.id)
    trx.after('commit', () =>
      runAfterResponse('stop-out e-mail', () => sendStopOutMail(balanceId, ids, account))
    )
  }
  return result
}
