import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import { openPositionsAtMarket } from '#queries/open_positions'
import { notifyUser } from '#services/notification_service'
import { runAfterResponse } from '#services/deferred'
import { sendMarginCallMail } from '#services/risk_mails'
import type { Fence } from '#services/market/market_lease'
import { accountMetrics } from '#domain/account_metrics'
import { marginCallStep } from '#domain/margin_calls'
import { Money, toDbDecimal } from '#domain/money'
import { stopOutFor } from '#domain/trading'

export type OpenOutcome = 'opened' | 'already_open' | 'not_due'

/**
 * Opens a margin-call episode for the wallet if, by the exact figures now, it
 * is due (issue 24 item 5). Exactly once per episode: the INSERT meets the
 * partial unique index `margin_calls_open_unique` (one open episode per
 * wallet; ON CONFLICT DO NOTHING on both databases), so a second engine, a
 * restart or a repeated screening inserts nothing; only the inserting process
 * notifies (in the same transaction, behind the market lease's fence) and
 * e-mails (claimed by `emailed_at`).
 */
export async function openMarginCall(
  balanceId: number,
  options: { callLevel: string; fence?: Fence }
): Promise<OpenOutcome> {
  const wallet = await Balance.find(balanceId)
  if (!wallet) return 'not_due'
  const owner = await User.find(wallet.userId)
  const plan = owner?.pricingTableId ? await PricingPlan.find(owner.pricingTableId) : null
  const positions = await openPositionsAtMarket(balanceId)
  const metrics = accountMetrics({ balance: wallet.balance, usedMargin: wallet.margin, positions })
  let stopOut = new Money(0)
  for (const p of positions) {
    const level = stopOutFor(p.kind, plan)
    if (level.greaterThan(stopOut)) stopOut = level
  }
  const step = marginCallStep({
    open: false,
    positions: positions.length,
    marginLevel: metrics.marginLevel === null ? null : metrics.marginLevel.toNumber(),
    callLevel: Number(options.callLevel),
    stopOutLevel: stopOut.toNumber(),
    equityGone: metrics.equity.lessThanOrEqualTo(0),
  })
  if (step !== 'enter') return 'not_due'
  const level = metrics.marginLevel!.toFixed(2)

  const episodeId = await db.transaction(async (trx) => {
    await options.fence?.(trx)
    // The partial unique index decides: a wallet with an open episode inserts nothing (no error,
    // so neither database aborts the transaction), and only the inserting process notifies.
    const inserted = await trx.rawQuery(
      `INSERT INTO margin_calls (balance_id, margin_level, started_at) VALUES (?, ?, ?)
       ON CONFLICT (balance_id) WHERE ended_at IS NULL DO NOTHING RETURNING id`,
      [balanceId, toDbDecimal(metrics.marginLevel!), DateTime.now().toSQL({ includeOffset: false })]
    )
    const rows: { id: number }[] = Array.isArray(inserted) ? inserted : inserted.rows
    if (rows.length === 0) return null
    const callLevel = options.callLevel
    const stopOutLevel = stopOut.toFixed()
    await notifyUser(
      wallet.userId,
      {
        title: 'Margin call',
        description: `Your margin level is ${level}%, at or below the margin-call level of ${callLevel}%. Positions are closed automatically at ${stopOutLevel}%: add funds or reduce your positions.`,
        url: '/dashboard',
      },
      trx
    )
    return Number(rows[0].id)
  })
  if (episodeId === null) return 'already_open'

  // The e-mail once per episode, even if this ran twice: claimed by a conditional update.
  const claimed = await db
    .from('margin_calls')
    .where('id', episodeId)
    .whereNull('emailed_at')
    .update({ emailed_at: DateTime.now().toSQL({ includeOffset: false }) })
  if (Number(Array.isArray(claimed) ? claimed[0] : claimed) === 1) {
    runAfterResponse('margin-call e-mail', () =>
      sendMarginCallMail(wallet.userId, {
        currency: wallet.currency,
        equity: metrics.equity.toFixed(2),
        margin: metrics.usedMargin.toFixed(2),
        marginLevel: level,
        callLevel: options.callLevel,
        stopOutLevel: stopOut.toFixed(),
      })
    )
  }
  return 'opened'
}

/** Ends the wallet's open episode, if any (recovered, or nothing left open). True when one ended. */
export async function endMarginCall(balanceId: number, options: { fence?: Fence } = {}) {
  return db.transaction(async (trx) => {
    await options.fence?.(trx)
    const ended = await trx
      .from('margin_calls')
      .where('balance_id', balanceId)
      .whereNull('ended_at')
      .update({ ended_at: DateTime.now().toSQL({ includeOffset: false }) })
    return Number(Array.isArray(ended) ? ended[0] : ended) > 0
  })
}

/** Wallets with an open episode (the risk engine's cold start). */
export async function walletsInMarginCall(): Promise<number[]> {
  const rows: { balance_id: number }[] = await db
    .from('margin_calls')
    .select('balance_id')
    .whereNull('ended_at')
  return rows.map((r) => Number(r.balance_id))
}
