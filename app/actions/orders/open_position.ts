import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import type Balance from '#models/balance'
import Instrument from '#models/instrument'
import PricingPlan from '#models/pricing_plan'
import settings from '#services/settings_service'
import { reserveMargin } from '#services/ledger_service'
import marketEvents from '#services/market/market_events'
import { conversionRateFor } from '#queries/conversion_rate'
import { openPositionsAtMarket } from '#queries/open_positions'
import { accountMetrics } from '#domain/account_metrics'
import { money, toDbDecimal, type Money } from '#domain/money'
import {
  leverageFor,
  openingPrice,
  requiredMargin,
  spreadCost,
  spreadMultiplier,
  type OrderType,
} from '#domain/trading'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * Opening a position, shared by market orders (placeOrder) and pending-order
 * fills (fillPendingOrder): `positionTerms` reads the plan, the spread
 * setting and the conversion rate BEFORE the transaction; `openPosition`
 * does the writes inside the caller's transaction.
 */

/** Why opening was refused inside the transaction; a pending fill turns it into its cancel reason. */
export type PositionRefusal = 'insufficient_margin' | 'not_tradable'

/** A refusal of `openPosition`: the same message and field a market order has always answered. */
export class PositionRefusedError extends UserFacingException {
  constructor(
    message: string,
    readonly refusal: PositionRefusal,
    field: string
  ) {
    super(message, { field })
  }
}

export interface PositionTerms {
  userId: number
  wallet: Pick<Balance, 'id' | 'currency'>
  instrument: Instrument
  type: OrderType
  /** Units, a decimal string. */
  amount: string
  profit: string | null
  loss: string | null
  /** The open rate: the ask for a buy, the bid for a sell. */
  price: string
  leverage: number
  spread: Money
  rate: Money
  /** Rounded up to cents. */
  margin: Money
}

/**
 * The figures of a position opened now at `quote`: required margin = price ×
 * amount ÷ leverage ÷ rate (customer spec §9), rounded up to cents.
 */
export async function positionTerms(input: {
  user: { id: number; pricingTableId: number | null }
  wallet: Pick<Balance, 'id' | 'currency'>
  instrument: Instrument
  type: OrderType
  amount: string
  profit: string | null
  loss: string | null
  quote: { bid: string; ask: string }
}): Promise<PositionTerms> {
  const { instrument, quote, wallet } = input
  const price = openingPrice(input.type, quote.bid, quote.ask)
  const plan = input.user.pricingTableId ? await PricingPlan.find(input.user.pricingTableId) : null
  const leverage = leverageFor(instrument.category, plan, instrument.leverage)
  const spreadSetting = spreadMultiplier(await settings.value(`spread_${instrument.category}`))
  const spread = spreadCost({ bid: quote.bid, ask: quote.ask, spreadSetting, amount: input.amount })
  const rate = await conversionRateFor(instrument.quote, wallet.currency)
  if (!rate || rate.isZero()) {
    throw new UserFacingException(
      `No conversion rate from ${instrument.quote} to ${wallet.currency}`,
      {
        field: 'instrument',
      }
    )
  }
  // Wallet figures are kept in cents: round the reservation up, never down.
  const margin = requiredMargin({ price, amount: input.amount, leverage, rate }).toDecimalPlaces(
    2,
    0
  )
  return {
    userId: input.user.id,
    wallet,
    instrument,
    type: input.type,
    amount: input.amount,
    profit: input.profit,
    loss: input.loss,
    price,
    leverage,
    spread,
    rate,
    margin,
  }
}

/**
 * Why the wallet as read cannot carry `margin` more, or null when it can:
 * more than the balance, or more than the free margin (balance − margin −
 * on hold + open P/L at the current prices).
 */
export async function marginRefusal(
  trx: TransactionClientContract,
  wallet: Balance,
  margin: Money
): Promise<PositionRefusedError | null> {
  if (margin.greaterThan(money(wallet.balance))) {
    return new PositionRefusedError('Insufficient Balance!', 'insufficient_margin', 'amount')
  }
  const positions = await openPositionsAtMarket(wallet.id, trx)
  const metrics = accountMetrics({ balance: wallet.balance, usedMargin: wallet.margin, positions })
  if (margin.greaterThan(metrics.freeMargin.minus(money(wallet.onHold)))) {
    return new PositionRefusedError('Insufficient Free Margin!', 'insufficient_margin', 'amount')
  }
  return null
}

/**
 * The writes of opening a position, in the caller's transaction: the
 * instrument as it stands now (locked against a staff edit or delete), the
 * margin reserved only if the free margin (balance − margin − on hold + open
 * P/L) carries it, the order row, and `order.opened` after the commit.
 * Refusals throw PositionRefusedError, which rolls the caller's transaction back.
 */
export async function openPosition(
  trx: TransactionClientContract,
  terms: PositionTerms
): Promise<Order> {
  const { instrument, margin } = terms
  // Switched off or deleted before this order commits means refused, never half-placed.
  const current = await Instrument.query({ client: trx })
    .where('id', instrument.id)
    .forShare()
    .first()
  if (!current || current.name !== instrument.name || current.category !== instrument.category) {
    throw new PositionRefusedError('Unknown instrument', 'not_tradable', 'instrument')
  }
  if (!current.tradable)
    throw new PositionRefusedError('This instrument is not tradable', 'not_tradable', 'instrument')
  await reserveMargin(trx, terms.wallet.id, async (locked) => {
    const refusal = await marginRefusal(trx, locked, margin)
    if (refusal) throw refusal
    return margin
  })
  const placed = await Order.create(
    {
      userId: terms.userId,
      balanceId: terms.wallet.id,
      instrumentId: instrument.id,
      instrument: instrument.name,
      baseSymbol: instrument.base,
      quoteSymbol: instrument.quote,
      kind: instrument.category,
      type: terms.type,
      tradeAmount: toDbDecimal(terms.amount),
      openRate: toDbDecimal(terms.price),
      profit: terms.profit === null ? null : toDbDecimal(terms.profit),
      loss: terms.loss === null ? null : toDbDecimal(terms.loss),
      spread: toDbDecimal(terms.spread),
      exchangeRate: toDbDecimal(terms.rate),
      marginUsed: toDbDecimal(margin),
      leverage: terms.leverage,
    },
    { client: trx }
  )
  marketEvents.afterCommit(trx, { type: 'order.opened', orderId: placed.id })
  return placed
}
