import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Order from '#models/order'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import { linkEntriesToAudit, postEntry } from '#services/ledger_service'
import { notifyUser, signalAccountChanged } from '#services/notification_service'
import { openLossOf } from '#services/money_movement_checks'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import marketEvents from '#services/market/market_events'
import priceBook from '#services/market/price_book'
import { openPositionsAtMarket } from '#queries/open_positions'
import tradingConfig from '#config/trading'
import { currentRateFor, positionProfitLoss } from '#domain/account_metrics'
import {
  checkRatesAgainstMarket,
  openCorrectionCovered,
  type CorrectedRateField,
} from '#domain/trade_corrections'
import { money, roundCurrency, toDbDecimal } from '#domain/money'
import { orderTargetErrors, type TargetError } from '#domain/risk'
import { UserFacingException } from '#exceptions/user_facing_exception'
import {
  affected,
  lockWallet,
  lockedOrderForCorrection,
  orderLedgerSum,
} from '#actions/trades/trade_parts'
import { stopOutWithin } from '#actions/orders/stop_out_account'

export const OPEN_CLOSE_RATE_MESSAGE = "Can't edit open orders Close Rate"
export const CLOSED_TARGETS_MESSAGE = 'Take profit and stop loss apply to open orders only'
export const CORRECTION_NOT_COVERED = "The customer's free margin cannot cover this correction"

export interface UpdateTradeInput extends StaffContext {
  orderId: number
  /** Decimal strings; absent fields are left alone. */
  openRate?: string
  closeRate?: string
  spread?: string
  /** Take-profit / stop-loss rates; null clears (open orders only). */
  profit?: string | null
  loss?: string | null
  /** The open time, in UTC, to the minute. */
  openTime?: DateTime
  /** Staff confirm a rate further from the current quote than the configured bound (audited). */
  force?: boolean
}

export interface UpdatedTrade {
  order: Order
  /** The ledger entry a closed trade's new P/L needed, as a signed decimal; null when nothing moved. */
  correction: string | null
  /** Positions the correction's stop-out closed (the corrected one may be among them). */
  stoppedOut: number[]
}

const same = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : money(a).equals(money(b))

/**
 * Staff edit a trade (admin spec §2 Order edit dialog, §3 edit payload):
 *
 * - an open order's open rate, spread, targets and open time. Nothing is
 *   realized; the targets must sit within the bounds the customer's own
 *   modals apply (against the open rate the order will have), and the close
 *   rate cannot be set ("Can't edit open orders Close Rate"). The risk engine
 *   re-reads the order.
 * - a closed order's open rate, close rate, spread and open time. Its P/L is
 *   computed again with the §9 formula; the difference with what the ledger
 *   realized for it is posted as a `trade_correction` entry naming the order
 *   and the staff member, with the old and new P/L in its description. A
 *   correction that takes money is refused when the customer's free margin
 *   (less open losses) cannot carry it.
 *
 * Issue 21 item 2: an open order's correction that lowers its P/L is held to
 * the same free-margin rule (`openCorrectionCovered`); a changed open or
 * close rate further from the current quote than the configured bound
 * needs `force` (recorded in the audit row with the deviation); and a
 * correction that leaves the account at its stop-out level stops it out in
 * the same transaction. Every ledger entry the correction causes (the
 * correction itself, the stop-out's realized P/L and write-offs) names the
 * staff member and the audit row.
 *
 * One transaction with the order locked: a concurrent close, delete or edit
 * is decided before or after it, never in between. The customer is notified
 * and their open pages refresh.
 */
export async function updateTrade(input: UpdateTradeInput): Promise<UpdatedTrade> {
  const result = await db.transaction(async (trx) => {
    const order = await lockedOrderForCorrection(trx, input.orderId)
    await lockWallet(trx, order.balanceId)
    const isOpen = !order.closeTime

    const next = {
      openRate: input.openRate ?? order.openRate,
      closeRate: input.closeRate ?? order.closeRate,
      spread: input.spread ?? order.spread,
      profit: input.profit === undefined ? order.profit : input.profit,
      loss: input.loss === undefined ? order.loss : input.loss,
      openTime: input.openTime ?? order.createdAt,
    }
    const errors: { field: string; message: string }[] = []
    if (money(next.openRate).lessThanOrEqualTo(0))
      errors.push({ field: 'openRate', message: 'Open rate must be greater than zero' })
    if (isOpen) {
      if (input.closeRate !== undefined)
        errors.push({ field: 'closeRate', message: OPEN_CLOSE_RATE_MESSAGE })
    } else {
      if (money(next.closeRate).lessThanOrEqualTo(0))
        errors.push({ field: 'closeRate', message: 'Close rate must be greater than zero' })
      if (!same(next.profit, order.profit))
        errors.push({ field: 'profit', message: CLOSED_TARGETS_MESSAGE })
      if (!same(next.loss, order.loss))
        errors.push({ field: 'loss', message: CLOSED_TARGETS_MESSAGE })
    }
    if (input.openTime) {
      if (input.openTime > DateTime.now())
        errors.push({ field: 'openTime', message: 'Open time cannot be in the future' })
      else if (order.closeTime && input.openTime > order.closeTime) {
        errors.push({ field: 'openTime', message: 'Open time cannot be after the close time' })
      }
    }
    if (errors.length) throw UserFacingException.forFields(errors)
    if (
      isOpen &&
      (input.openRate !== undefined || input.profit !== undefined || input.loss !== undefined)
    ) {
      const targetErrors: TargetError[] = orderTargetErrors({
        type: order.type,
        openRate: next.openRate,
        profit: next.profit,
        loss: next.loss,
      })
      if (targetErrors.length) throw UserFacingException.forFields(targetErrors)
    }

    const movedRates: Partial<Record<CorrectedRateField, string>> = {}
    if (!same(next.openRate, order.openRate)) movedRates.openRate = next.openRate
    if (!isOpen && !same(next.closeRate, order.closeRate)) movedRates.closeRate = next.closeRate!
    const force = input.force === true
    const market = Object.keys(movedRates).length
      ? checkRatesAgainstMarket({
          rates: movedRates,
          quote: await currentQuoteOf(trx, order),
          maxPercent: tradingConfig.correctionMaxDeviationPercent(),
          force,
        })
      : { errors: [], deviations: {} }
    if (market.errors.length) throw UserFacingException.forFields(market.errors)

    // Whether the correction takes money or open P/L from the customer: only such a one can cause a stop-out.
    let debit = false
    if (isOpen && (movedRates.openRate || !same(next.spread, order.spread))) {
      const wallet = await Balance.query({ client: trx }).where('id', order.balanceId).firstOrFail()
      const positions = await openPositionsAtMarket(order.balanceId, trx)
      const corrected = positions.map((p) =>
        p.id === order.id ? { ...p, openRate: next.openRate, spread: next.spread } : p
      )
      if (
        !openCorrectionCovered({
          balance: wallet.balance,
          margin: wallet.margin,
          onHold: wallet.onHold,
          before: positions,
          after: corrected,
        })
      ) {
        throw new UserFacingException(CORRECTION_NOT_COVERED, {
          field: movedRates.openRate ? 'openRate' : 'spread',
        })
      }
      const mine = positions.find((p) => p.id === order.id)
      const theirs = corrected.find((p) => p.id === order.id)
      debit = !!mine && !!theirs && positionProfitLoss(theirs).lessThan(positionProfitLoss(mine))
    }

    const changes: Record<string, string | null> = {}
    if (!same(next.openRate, order.openRate)) changes.open_rate = toDbDecimal(next.openRate)
    if (!same(next.spread, order.spread)) changes.spread = toDbDecimal(next.spread)
    if (isOpen && !same(next.profit, order.profit))
      changes.profit = next.profit === null ? null : toDbDecimal(next.profit)
    if (isOpen && !same(next.loss, order.loss))
      changes.loss = next.loss === null ? null : toDbDecimal(next.loss)
    // Clearing the stop ends its trail too, or the engine would set a stop again on the next tick.
    if (changes.loss === null && order.trailingDistance !== null) changes.trailing_distance = null
    if (!isOpen && !same(next.closeRate, order.closeRate))
      changes.close_rate = toDbDecimal(next.closeRate!)
    const format = trx.dialect.dateTimeFormat
    if (+next.openTime !== +order.createdAt)
      changes.created_at = next.openTime.toLocal().toFormat(format)

    const entryIds: number[] = []
    let correction: string | null = null
    let before: string | null = null
    let after: string | null = null
    if (!isOpen && (changes.open_rate || changes.close_rate || changes.spread)) {
      const realized = roundCurrency(
        positionProfitLoss({
          type: order.type,
          tradeAmount: order.tradeAmount,
          openRate: next.openRate,
          currentRate: next.closeRate!,
          spread: next.spread,
          exchangeRate: order.exchangeRate,
        })
      )
      const booked = await orderLedgerSum(trx, order.id, ['realized_pnl', 'trade_correction'])
      const difference = realized.minus(booked)
      before = booked.toFixed(2)
      after = realized.toFixed(2)
      changes.pro_loss = toDbDecimal(realized)
      if (!difference.isZero()) {
        const entry = await postEntry(trx, {
          balanceId: order.balanceId,
          type: 'trade_correction',
          amount: difference,
          referenceType: 'order',
          referenceId: order.id,
          createdById: input.staff.id,
          description: `Position #${order.id} ${order.instrument} corrected by staff: P/L ${before} → ${after}`,
          ...(difference.isNegative()
            ? {
                requireFreeAtLeast: await openLossOf(trx, order.balanceId),
                insufficientMessage: CORRECTION_NOT_COVERED,
                field: 'closeRate',
              }
            : {}),
        })
        entryIds.push(entry.id)
        correction = toDbDecimal(difference)
        debit = difference.isNegative()
      }
    }
    if (Object.keys(changes).length === 0)
      return { order, correction, changed: false, stoppedOut: [] as number[] }

    const now = DateTime.now().toSQL({ includeOffset: false })
    const query = trx.from('orders').where('id', order.id).whereNull('deleted_at')
    if (isOpen) query.whereNull('close_time')
    else query.whereNotNull('close_time')
    if (affected(await query.update({ ...changes, updated_at: now })) !== 1) {
      // The row is locked: only a driver without locks could get here, and then nothing is written.
      throw new UserFacingException('This trade changed meanwhile; please try again', {
        status: 409,
      })
    }
    // A correction that took money or open P/L may leave the account at its stop-out level.
    const stopOut = debit
      ? await stopOutWithin(trx, order.balanceId, input.staff.id)
      : { closed: [], entryIds: [] }
    entryIds.push(...stopOut.entryIds)
    for (const closed of stopOut.closed) {
      await notifyUser(
        order.userId,
        {
          title: 'Stop out',
          description: `Position #${closed.id} ${closed.instrument} was closed: after a correction by the broker your margin level reached the stop-out level.`,
          url: '/statements',
        },
        trx
      )
    }
    await notifyUser(
      order.userId,
      before !== null && after !== null
        ? {
            title: 'Trade corrected',
            description: `Position #${order.id} ${order.instrument} was corrected by the broker: P/L ${before} → ${after}.`,
            url: '/statements',
          }
        : {
            title: 'Trade updated',
            description: `Position #${order.id} ${order.instrument} was updated by the broker.`,
            url: isOpen ? '/dashboard' : '/statements',
          },
      trx
    )
    const snapshot = (o: {
      openRate: string
      closeRate: string | null
      spread: string
      profit: string | null
      loss: string | null
      openTime: DateTime
    }) => ({
      openRate: toDbDecimal(o.openRate),
      closeRate: o.closeRate === null ? null : toDbDecimal(o.closeRate),
      spread: toDbDecimal(o.spread),
      takeProfit: o.profit === null ? null : toDbDecimal(o.profit),
      stopLoss: o.loss === null ? null : toDbDecimal(o.loss),
      openTime: o.openTime.toUTC().toISO(),
    })
    const audit = await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'order.update',
      target: { type: 'order', id: order.id },
      before: {
        ...snapshot({
          openRate: order.openRate,
          closeRate: order.closeRate,
          spread: order.spread,
          profit: order.profit,
          loss: order.loss,
          openTime: order.createdAt,
        }),
        proLoss: before,
        correction: null,
      },
      after: {
        ...snapshot({
          ...next,
          profit: isOpen ? next.profit : order.profit,
          loss: isOpen ? next.loss : order.loss,
        }),
        proLoss: after,
        correction,
        ...(force ? { force: true, deviation: market.deviations } : {}),
        ...(stopOut.closed.length ? { stoppedOut: stopOut.closed.map((c) => c.id) } : {}),
      },
    })
    if (audit) await linkEntriesToAudit(trx, entryIds, audit.id)
    return { order, correction, changed: true, stoppedOut: stopOut.closed.map((c) => c.id) }
  })

  const order = await Order.findOrFail(result.order.id)
  if (result.changed) {
    // Positions its stop-out closed were announced by their close (settleClose).
    if (!order.closeTime) marketEvents.publish({ type: 'order.changed', orderId: order.id })
    signalAccountChanged(order.userId)
  }
  return { order, correction: result.correction, stoppedOut: result.stoppedOut }
}

/**
 * The rate the order would trade at now, the reference of the correction's
 * market bound: this process's live quote, else the instrument's stored
 * price (a closed market or a stale feed still gives the last price known);
 * null when there is none (the instrument is gone or never quoted).
 */
async function currentQuoteOf(
  trx: TransactionClientContract,
  order: Order
): Promise<string | null> {
  const instrument = await Instrument.query({ client: trx }).where('name', order.instrument).first()
  const { bids, asks } = priceBook.latest({
    name: order.instrument,
    bids: instrument?.bids ?? null,
    asks: instrument?.asks ?? null,
  })
  return currentRateFor(order.type, bids, asks) ?? null
}
