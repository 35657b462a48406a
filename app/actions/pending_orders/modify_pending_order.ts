import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PendingOrder from '#models/pending_order'
import Instrument from '#models/instrument'
import Balance from '#models/balance'
import User from '#models/user'
import { tradeQuoteFor } from '#services/market/trade_quote'
import marketEvents from '#services/market/market_events'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'
import { toDbDecimal } from '#domain/money'
import { isStorableId } from '#domain/ids'
import { placementErrors, type PendingExpiry } from '#domain/pending_orders'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { marginRefusal, positionTerms } from '#actions/orders/open_position'
import { expiresAtFor, expiryChoice } from './pending_terms.js'
import { dbTime } from './pending_parts.js'
import { affected } from '#actions/trades/trade_parts'

export interface ModifyPendingOrderInput {
  pendingId: number
  userId: number
  /** undefined leaves a field as it is; null clears a target or the expiry moment. */
  price?: string
  profit?: string | null
  loss?: string | null
  expiry?: PendingExpiry
  expiresAt?: DateTime | null
  actingStaff?: StaffContext | null
}

/**
 * Changes a waiting order's price, targets or expiry (issue 23 item 1) under
 * the placement rules, checked against the current quote (a closed market or
 * a stale price refuses, as placing does) and the free margin at the new
 * price. The write is a conditional update on `status = 'pending'`: an order
 * filled or cancelled meanwhile answers 409 and changes nothing.
 */
export async function modifyPendingOrder(input: ModifyPendingOrderInput): Promise<PendingOrder> {
  const found = isStorableId(input.pendingId) ? await PendingOrder.find(input.pendingId) : null
  if (!found || found.userId !== input.userId) throw new NotFoundException()
  if (found.status !== 'pending') throw noLongerPending()
  const changes =
    input.price !== undefined ||
    input.profit !== undefined ||
    input.loss !== undefined ||
    input.expiry !== undefined ||
    input.expiresAt !== undefined
  if (!changes) {
    throw new UserFacingException('Change the price, a target or the expiry', { field: 'price' })
  }

  const instrument = found.instrumentId ? await Instrument.find(found.instrumentId) : null
  if (!instrument || instrument.name !== found.instrument) {
    throw new UserFacingException('This instrument is no longer listed', { field: 'price' })
  }
  const quote = tradeQuoteFor(instrument, 'price')
  const next = {
    price: input.price ?? found.price,
    profit: input.profit !== undefined ? input.profit : found.profit,
    loss: input.loss !== undefined ? input.loss : found.loss,
  }
  const errors = placementErrors({
    type: found.type,
    execution: found.execution,
    bid: quote.bid,
    ask: quote.ask,
    ...next,
  })
  if (errors.length) throw UserFacingException.forFields(errors)
  let expiry = found.expiry
  let expiresAt = found.expiresAt
  if (input.expiry !== undefined || input.expiresAt !== undefined) {
    expiry = expiryChoice(input.expiry, input.expiresAt)
    expiresAt = expiresAtFor(instrument, expiry, input.expiresAt ?? null)
  }

  const user = await User.findOrFail(found.userId)
  const wallet = await Balance.findOrFail(found.balanceId)
  const { margin } = await positionTerms({
    user,
    wallet,
    instrument,
    type: found.type,
    amount: found.tradeAmount,
    profit: next.profit,
    loss: next.loss,
    quote: { bid: next.price, ask: next.price },
  })

  await db.transaction(async (trx) => {
    const locked = await Balance.query({ client: trx }).where('id', wallet.id).firstOrFail()
    const refusal = await marginRefusal(trx, locked, margin)
    if (refusal) throw refusal
    const updated = await trx
      .from('pending_orders')
      .where('id', found.id)
      .where('status', 'pending')
      .update({
        price: toDbDecimal(next.price),
        profit: next.profit === null ? null : toDbDecimal(next.profit),
        loss: next.loss === null ? null : toDbDecimal(next.loss),
        expiry,
        expires_at: expiresAt ? dbTime(expiresAt) : null,
        margin_required: toDbDecimal(margin),
        updated_at: dbTime(DateTime.now()),
      })
    if (affected(updated) !== 1) throw noLongerPending()
    marketEvents.afterCommit(trx, { type: 'pending.changed', pendingId: found.id })
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.pending_modify',
      customerId: found.userId,
      before: {
        pendingOrderId: found.id,
        price: found.price,
        takeProfit: found.profit,
        stopLoss: found.loss,
        expiresAt: found.expiresAt?.toUTC().toISO() ?? null,
      },
      after: {
        pendingOrderId: found.id,
        price: toDbDecimal(next.price),
        takeProfit: next.profit === null ? null : toDbDecimal(next.profit),
        stopLoss: next.loss === null ? null : toDbDecimal(next.loss),
        expiresAt: expiresAt?.toUTC().toISO() ?? null,
      },
    })
  })
  return PendingOrder.findOrFail(found.id)
}

export function noLongerPending() {
  return new UserFacingException('This order is no longer pending', {
    status: 409,
    field: 'pendingId',
  })
}
