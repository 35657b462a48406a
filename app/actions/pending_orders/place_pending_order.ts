import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import PendingOrder from '#models/pending_order'
import Instrument from '#models/instrument'
import Balance from '#models/balance'
import type User from '#models/user'
import { tradeQuoteFor } from '#services/market/trade_quote'
import marketEvents from '#services/market/market_events'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'
import { toDbDecimal } from '#domain/money'
import type { OrderType } from '#domain/trading'
import { placementErrors, type PendingExecution, type PendingExpiry } from '#domain/pending_orders'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { activeWalletOf, orderBasics } from '#actions/orders/place_order'
import { marginRefusal, positionTerms } from '#actions/orders/open_position'
import { expiresAtFor, expiryChoice } from './pending_terms.js'

export interface PlacePendingOrderInput {
  user: User
  type: OrderType
  execution: PendingExecution
  instrument: string
  /** Units, a decimal string. */
  amount: string
  /** The trigger rate. */
  price: string
  profit: string | null
  loss: string | null
  expiry?: PendingExpiry
  expiresAt?: DateTime | null
  /** The staff member placing it in a login-as session (audited); absent in the customer's own. */
  actingStaff?: StaffContext | null
}

/**
 * Places a buy/sell limit or stop order (issue 23 item 1). Refused as a
 * market order would be (unknown instrument, amount and lot mode, KYC,
 * wallet, closed market, untradable instrument, stale price), and when the
 * price or its targets sit on the wrong side (`placementErrors`) or the free
 * margin cannot carry it at its trigger price. Nothing is reserved while it
 * waits (docs/DECISIONS.md): `margin_required` is stored for the dialog and
 * lists, and the fill checks the free margin again.
 */
export async function placePendingOrder(input: PlacePendingOrderInput): Promise<PendingOrder> {
  const { user } = input
  const instrument = await orderBasics(user, input.instrument, input.amount)
  const quote = tradeQuoteFor(instrument)
  const errors = placementErrors({
    type: input.type,
    execution: input.execution,
    price: input.price,
    bid: quote.bid,
    ask: quote.ask,
    profit: input.profit,
    loss: input.loss,
  })
  if (errors.length) throw UserFacingException.forFields(errors)
  const expiry = expiryChoice(input.expiry, input.expiresAt)
  const expiresAt = expiresAtFor(instrument, expiry, input.expiresAt ?? null)

  const wallet = await activeWalletOf(user)
  // The margin at the trigger price: the order opens there if the market does not gap.
  const { margin } = await positionTerms({
    user,
    wallet,
    instrument,
    type: input.type,
    amount: input.amount,
    profit: input.profit,
    loss: input.loss,
    quote: { bid: input.price, ask: input.price },
  })

  const placed = await db.transaction(async (trx) => {
    // The instrument as it stands now, locked against a staff edit or delete (as a market order does).
    const current = await Instrument.query({ client: trx })
      .where('id', instrument.id)
      .forShare()
      .first()
    if (!current || current.name !== instrument.name || current.category !== instrument.category) {
      throw new UserFacingException('Unknown instrument', { field: 'instrument' })
    }
    if (!current.tradable)
      throw new UserFacingException('This instrument is not tradable', { field: 'instrument' })
    const locked = await Balance.query({ client: trx }).where('id', wallet.id).firstOrFail()
    const refusal = await marginRefusal(trx, locked, margin)
    if (refusal) throw refusal

    const order = await PendingOrder.create(
      {
        userId: user.id,
        balanceId: wallet.id,
        instrumentId: instrument.id,
        instrument: instrument.name,
        baseSymbol: instrument.base,
        quoteSymbol: instrument.quote,
        kind: instrument.category,
        type: input.type,
        execution: input.execution,
        price: toDbDecimal(input.price),
        tradeAmount: toDbDecimal(input.amount),
        profit: input.profit === null ? null : toDbDecimal(input.profit),
        loss: input.loss === null ? null : toDbDecimal(input.loss),
        expiry,
        expiresAt,
        status: 'pending',
        marginRequired: toDbDecimal(margin),
      },
      { client: trx }
    )
    marketEvents.afterCommit(trx, { type: 'pending.placed', pendingId: order.id })
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.order_place',
      customerId: user.id,
      after: {
        pendingOrderId: order.id,
        instrument: order.instrument,
        type: order.type,
        execution: order.execution,
        amount: order.tradeAmount,
        price: order.price,
        takeProfit: order.profit,
        stopLoss: order.loss,
        expiresAt: order.expiresAt?.toUTC().toISO() ?? null,
      },
    })
    return order
  })
  return PendingOrder.findOrFail(placed.id)
}
