import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Order from '#models/order'
import Instrument from '#models/instrument'
import { isStorableId } from '#domain/ids'
import { currentRateFor } from '#domain/account_metrics'
import { toDbDecimal } from '#domain/money'
import { closeEvidenceColumns, evidenceForAudit } from '#domain/evidence'
import { partialAmountError, splitPosition } from '#domain/partial_close'
import { negativeBalanceWriteOff } from '#domain/risk'
import { postEntry } from '#services/ledger_service'
import { tradeQuoteFor } from '#services/market/trade_quote'
import marketEvents from '#services/market/market_events'
import { signalAccountChanged } from '#services/notification_service'
import { lotModeFor, lotSelector } from '#queries/lot_state'
import { affected, lockWallet } from '#actions/trades/trade_parts'
import { recordActingStaffWrite } from '#services/acting_staff'
import type { StaffContext } from '#services/audit_log'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface ClosePartInput {
  orderId: number
  /** The customer asking (partial closes are the customer's: staff and the risk engine close whole positions). */
  userId: number
  /** Units to close, a decimal string: more than 0, less than the open amount. */
  amount: string
  /** The staff member closing as the customer in a login-as session (audited; the ledger rows name them). */
  actingStaff?: StaffContext | null
}

export interface ClosedPart {
  /** The ticket, still open with the rest. */
  ticket: Order
  /** The new closed row of the part (parent_order_id = the ticket). */
  part: Order
  realized: string
  writtenOff: string
}

/**
 * Closes part of an open position at the current quote (issue 23 item 3;
 * docs/DECISIONS.md "Partial close"). In one transaction: the ticket is read
 * again and locked, then its wallet (the lock order of every close); the
 * ticket shrinks by a compare-and-set on its amount as read (`close_time IS
 * NULL`, not deleted, `trade_amount` unchanged), so of racing closes, partial
 * or whole, each decides on the other's result and never more than the open
 * amount closes; the part becomes a closed `orders` row of its own (its open
 * time the ticket's, `parent_order_id` the ticket) whose realized P/L goes to
 * the ledger releasing the part's margin in the same write, with the write-off
 * of a full close if the balance would go below zero. The market role reloads
 * the ticket (order.changed) once committed.
 */
export async function closePartOfOrder(input: ClosePartInput): Promise<ClosedPart> {
  const found = isStorableId(input.orderId) ? await Order.find(input.orderId) : null
  if (!found || found.userId !== input.userId || found.deletedAt) throw new NotFoundException()
  if (found.closeTime) throw alreadyClosed()

  // Settings and the quote before the transaction (cached reads, no query inside it).
  const lotMode = (await lotModeFor(found.kind)) === 'lot'
  const offered = lotMode ? (await lotSelector()).map((l) => l.value) : []
  const refuseAmount = (openAmount: string) => {
    const error = partialAmountError(input.amount, openAmount, { lotMode, offered })
    if (error) throw UserFacingException.forFields([error])
  }
  refuseAmount(found.tradeAmount)
  const instrument = await Instrument.findBy('name', found.instrument)
  if (!instrument) {
    throw new UserFacingException('This instrument is no longer listed', { field: 'orderId' })
  }
  const quote = tradeQuoteFor(instrument, 'orderId')

  const result = await db.transaction(async (trx) => {
    const order = await Order.query({ client: trx }).where('id', found.id).forUpdate().first()
    if (!order || order.deletedAt) throw new NotFoundException()
    if (order.closeTime) throw alreadyClosed()
    // A close of another part may have committed since: the amount is checked on what is open now.
    refuseAmount(order.tradeAmount)
    await lockWallet(trx, order.balanceId)

    const closeRate = currentRateFor(order.type, quote.bid, quote.ask)
    const { part, rest } = splitPosition({
      type: order.type,
      tradeAmount: order.tradeAmount,
      openRate: order.openRate,
      spread: order.spread,
      exchangeRate: order.exchangeRate,
      marginUsed: order.marginUsed,
      amount: input.amount,
      closeRate,
    })
    const now = DateTime.now()
    const claimed = await trx
      .from('orders')
      .where('id', order.id)
      .whereNull('close_time')
      .whereNull('deleted_at')
      .where('trade_amount', toDbDecimal(order.tradeAmount))
      .update({
        trade_amount: toDbDecimal(rest.tradeAmount),
        margin_used: toDbDecimal(rest.marginUsed),
        spread: toDbDecimal(rest.spread),
        updated_at: now.toSQL({ includeOffset: false }),
      })
    if (affected(claimed) !== 1) throw alreadyChanged()

    const closed = await Order.create(
      {
        userId: order.userId,
        balanceId: order.balanceId,
        instrumentId: order.instrumentId,
        instrument: order.instrument,
        baseSymbol: order.baseSymbol,
        quoteSymbol: order.quoteSymbol,
        kind: order.kind,
        type: order.type,
        tradeAmount: toDbDecimal(part.tradeAmount),
        openRate: toDbDecimal(order.openRate),
        profit: order.profit,
        loss: order.loss,
        spread: toDbDecimal(part.spread),
        exchangeRate: toDbDecimal(order.exchangeRate),
        marginUsed: toDbDecimal(part.marginUsed),
        leverage: order.leverage,
        closeTime: now,
        closeRate: toDbDecimal(closeRate),
        proLoss: toDbDecimal(part.realized),
        closeReason: 'manual',
        parentOrderId: order.id,
        // The part was opened with the ticket: its row reads "opened then, closed now".
        createdAt: order.createdAt,
      },
      { client: trx }
    )
    // The quote the part closed on (execution evidence), written raw: the model's SQLite format drops milliseconds.
    await trx.from('orders').where('id', closed.id).update(closeEvidenceColumns(quote))
    marketEvents.afterCommit(trx, { type: 'order.changed', orderId: order.id })

    const staffId = input.actingStaff?.staff.id ?? null
    const units = part.tradeAmount.toFixed()
    const partId = closed.id
    const entry = await postEntry(trx, {
      balanceId: order.balanceId,
      type: 'realized_pnl',
      amount: part.realized,
      marginDelta: part.marginUsed.negated(),
      referenceType: 'order',
      referenceId: closed.id,
      createdById: staffId,
      description: `Position #${order.id} ${order.instrument}: ${units} units closed as #${partId}`,
    })
    const entryIds = [entry.id]
    const writeOff = negativeBalanceWriteOff(entry.balanceAfter)
    if (writeOff.greaterThan(0)) {
      const written = await postEntry(trx, {
        balanceId: order.balanceId,
        type: 'write_off',
        amount: writeOff,
        referenceType: 'order',
        referenceId: closed.id,
        createdById: staffId,
        description: `Negative balance protection after position #${closed.id}`,
      })
      entryIds.push(written.id)
    }
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.order_close',
      customerId: order.userId,
      before: { orderId: order.id, status: 'open', amount: toDbDecimal(order.tradeAmount) },
      after: {
        orderId: order.id,
        status: 'open',
        amount: toDbDecimal(rest.tradeAmount),
        closedOrderId: closed.id,
        closedAmount: toDbDecimal(part.tradeAmount),
        closeRate: toDbDecimal(closeRate),
        proLoss: toDbDecimal(part.realized),
        evidence: evidenceForAudit(quote),
      },
      ledgerEntryIds: entryIds,
    })
    return {
      partId: closed.id,
      realized: toDbDecimal(part.realized),
      writtenOff: toDbDecimal(writeOff),
    }
  })

  signalAccountChanged(found.userId)
  const [ticket, part] = await Promise.all([
    Order.findOrFail(found.id),
    Order.findOrFail(result.partId),
  ])
  return { ticket, part, realized: result.realized, writtenOff: result.writtenOff }
}

function alreadyClosed() {
  return new UserFacingException('This position is already closed', {
    status: 409,
    field: 'orderId',
  })
}

function alreadyChanged() {
  return new UserFacingException('This position changed meanwhile; please try again', {
    status: 409,
    field: 'orderId',
  })
}
