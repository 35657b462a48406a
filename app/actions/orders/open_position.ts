import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { OrderWallet } from '#queries/order_wallet'
import Order from '#models/order'
import type Balance from '#models/balance'
import Instrument from '#models/instrument'
import type { TradedInstrument } from '#queries/traded_instrument'
import PricingPlan from '#models/pricing_plan'
import settings from '#services/settings_service'
import { reserveMargin, type WalletFigures } from '#services/ledger_service'
import marketEvents, { type OpenedRows } from '#services/market/market_events'
import { conversionRateFor } from '#queries/conversion_rate'
import { openPositionsAtMarket } from '#queries/open_positions'
import { accountMetrics, type OpenPositionInput } from '#domain/account_metrics'
import { money, toDbDecimal, type Money } from '#domain/money'
import { midPrice } from '#domain/conversion'
import { exposureAllowed, exposureLimitMessage, signedUnits } from '#domain/exposure_limits'
import { netRealUnits } from '#queries/net_exposure'
import {
  type PlanLeverages,
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
export type PositionRefusal = 'insufficient_margin' | 'not_tradable' | 'exposure_limit'

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
  wallet: Pick<Balance, 'id' | 'currency' | 'mode'>
  instrument: TradedInstrument
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
  /** The quote's mid: what a unit is worth, for the exposure limit. */
  mid: Money
  /** One unit in USD (mid ÷ rate quote→USD), read only when the instrument has an exposure limit. */
  usdPerUnit: Money | null
}

/**
 * The figures of a position opened now at `quote`: required margin = price ×
 * amount ÷ leverage ÷ rate (customer spec §9), rounded up to cents.
 */
export async function positionTerms(input: {
  user: { id: number; pricingTableId: number | null }
  wallet: Pick<Balance, 'id' | 'currency' | 'mode'>
  instrument: TradedInstrument
  type: OrderType
  amount: string
  profit: string | null
  loss: string | null
  quote: { bid: string; ask: string }
  /** The user's plan when the caller has read it already (null: none); absent: read here. */
  plan?: PlanLeverages | null
  /** The category's spread setting when the caller has read the settings already. */
  spreadSetting?: string | null
  /** Inside a transaction, its client for the conversion-rate reads (DECISIONS "Reads inside a transaction"). */
  client?: TransactionClientContract
}): Promise<PositionTerms> {
  const { instrument, quote, wallet } = input
  const price = openingPrice(input.type, quote.bid, quote.ask)
  const plan =
    input.plan !== undefined
      ? input.plan
      : input.user.pricingTableId
        ? await PricingPlan.find(input.user.pricingTableId)
        : null
  const leverage = leverageFor(instrument.category, plan, instrument.leverage)
  const spreadSetting = spreadMultiplier(
    input.spreadSetting !== undefined
      ? input.spreadSetting
      : await settings.value(`spread_${instrument.category}`)
  )
  const spread = spreadCost({ bid: quote.bid, ask: quote.ask, spreadSetting, amount: input.amount })
  const rate = await conversionRateFor(instrument.quote, wallet.currency, input.client)
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
  const mid = midPrice(quote.bid, quote.ask)
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
    mid,
    usdPerUnit:
      instrument.exposureLimit === null ? null : await usdPerUnitOf(instrument, mid, input.client),
  }
}

/** mid ÷ (quote currency units per USD); null when no rate connects the quote currency to USD. */
async function usdPerUnitOf(
  instrument: TradedInstrument,
  mid: Money,
  client?: TransactionClientContract
): Promise<Money | null> {
  const toUsd = await conversionRateFor(instrument.quote, 'USD', client)
  return toUsd && !toUsd.isZero() ? mid.dividedBy(toUsd) : null
}

/**
 * Refuses an order that would take the customers' net position on a limited
 * instrument beyond its USD limit (issue 24 item 4). Only real wallets count
 * and are checked: demo money is not the house's risk. Opens on a limited
 * instrument are serialized so that two orders each within the limit cannot
 * together pass it: on PostgreSQL a transaction-level advisory lock per
 * instrument (the row already carries this transaction's share lock;
 * upgrading it to FOR UPDATE in two transactions at once would deadlock);
 * SQLite runs one write transaction at a time already.
 */
async function checkExposureLimit(
  trx: TransactionClientContract,
  current: TradedInstrument,
  terms: PositionTerms
) {
  if (current.exposureLimit === null || terms.wallet.mode !== 'real') return
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('SELECT pg_advisory_xact_lock(?::int, ?::int)', [EXPOSURE_LOCK, current.id])
  }
  // The limit was set after the terms were read: value the unit now.
  const usdPerUnit = terms.usdPerUnit ?? (await usdPerUnitOf(current, terms.mid, trx))
  const message = exposureLimitMessage(current.name, current.exposureLimit)
  if (!usdPerUnit) throw new PositionRefusedError(message, 'exposure_limit', 'amount')
  const allowed = exposureAllowed({
    netUnits: await netRealUnits(trx, current),
    orderUnits: signedUnits(terms.type, terms.amount),
    usdPerUnit,
    limit: current.exposureLimit,
  })
  if (!allowed) throw new PositionRefusedError(message, 'exposure_limit', 'amount')
}

/** Any constant: the advisory lock namespace of exposure checks on PostgreSQL ("expo"); the key is the instrument id. */
const EXPOSURE_LOCK = 0x6578706f

/**
 * Why the wallet as read cannot carry `margin` more, or null when it can:
 * more than the balance, or more than the free margin (balance − margin −
 * on hold + open P/L at the current prices).
 */
export async function marginRefusal(
  trx: TransactionClientContract,
  wallet: Pick<WalletFigures, 'id' | 'balance' | 'margin' | 'onHold'>,
  margin: Money
): Promise<PositionRefusedError | null> {
  // The balance alone refuses it: no need to price the open positions.
  if (margin.greaterThan(money(wallet.balance))) return marginRefusalOn(wallet, margin, [])
  return marginRefusalOn(wallet, margin, await openPositionsAtMarket(wallet.id, trx))
}

/** `marginRefusal` on positions already read with the wallet (in the same snapshot). */
export function marginRefusalOn(
  wallet: Pick<WalletFigures, 'balance' | 'margin' | 'onHold'>,
  margin: Money,
  positions: OpenPositionInput[]
): PositionRefusedError | null {
  if (margin.greaterThan(money(wallet.balance))) {
    return new PositionRefusedError('Insufficient Balance!', 'insufficient_margin', 'amount')
  }
  const metrics = accountMetrics({ balance: wallet.balance, usedMargin: wallet.margin, positions })
  if (margin.greaterThan(metrics.freeMargin.minus(money(wallet.onHold)))) {
    return new PositionRefusedError('Insufficient Free Margin!', 'insufficient_margin', 'amount')
  }
  return null
}

/** What the caller's transaction has already read and locked, so openPosition need not read it again. */
export interface HeldRows {
  /** The instrument as read (FOR KEY SHARE) in this transaction (after the terms were computed from it). */
  instrument?: TradedInstrument
  /** The wallet as read FOR UPDATE in this transaction, with the owner's plan id (for the risk engine). */
  wallet?: OrderWallet & { planId: number | null }
}

/**
 * The writes of opening a position, in the caller's transaction: the
 * instrument as it stands now (locked against a staff edit or delete), the
 * margin reserved only if the free margin (balance − margin − on hold + open
 * P/L) carries it, the order row, and `order.opened` after the commit.
 * Refusals throw PositionRefusedError, which rolls the caller's transaction back.
 *
 * A caller that already locked the instrument or read the wallet FOR
 * UPDATE in this transaction passes them (`held`) instead of having them read
 * twice; the checks made on them are the same.
 */
export async function openPosition(
  trx: TransactionClientContract,
  terms: PositionTerms,
  held: HeldRows = {}
): Promise<Order> {
  const { instrument, margin } = terms
  // Switched off or deleted before this order commits means refused, never half-placed.
  const current =
    held.instrument ??
    (await Instrument.query({ client: trx }).where('id', instrument.id).forShare().first())
  if (!current || current.name !== instrument.name || current.category !== instrument.category) {
    throw new PositionRefusedError('Unknown instrument', 'not_tradable', 'instrument')
  }
  if (!current.tradable)
    throw new PositionRefusedError('This instrument is not tradable', 'not_tradable', 'instrument')
  await checkExposureLimit(trx, current, terms)
  // No wallet.changed: order.opened below makes the market role take the wallet in with the order.
  const reserved = await reserveMargin(
    trx,
    terms.wallet.id,
    async (locked) => {
      const refusal = await marginRefusal(trx, locked, margin)
      if (refusal) throw refusal
      return margin
    },
    { locked: held.wallet, announce: false }
  )
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
  // The rows as committed go to this process's market role with the event (never relayed):
  // it takes the position and the wallet in without reading them back. Known only when the
  // caller read the wallet with its owner's plan; otherwise the role reads them.
  const w = held.wallet
  const rows = w
    ? openedRows(placed, { ...w, balance: reserved.wallet.balance, margin: reserved.margin })
    : undefined
  marketEvents.afterCommit(trx, { type: 'order.opened', orderId: placed.id, rows })
  return placed
}

/** The rows an open committed, as `order.opened` hands them to this process's risk engine. */
export function openedRows(
  placed: Pick<
    Order,
    | 'id'
    | 'balanceId'
    | 'instrument'
    | 'kind'
    | 'type'
    | 'tradeAmount'
    | 'openRate'
    | 'spread'
    | 'exchangeRate'
    | 'profit'
    | 'loss'
    | 'quoteSymbol'
  >,
  wallet: Pick<OrderWallet, 'id' | 'userId' | 'balance' | 'mode' | 'currency'> & {
    /** The used margin after this order's reservation. */
    margin: string
    planId: number | null
  }
): OpenedRows {
  return {
    order: {
      id: placed.id,
      balance_id: placed.balanceId,
      instrument: placed.instrument,
      kind: placed.kind,
      type: placed.type,
      trade_amount: placed.tradeAmount,
      open_rate: placed.openRate,
      spread: placed.spread,
      exchange_rate: placed.exchangeRate,
      profit: placed.profit,
      loss: placed.loss,
      quote_symbol: placed.quoteSymbol,
      trailing_distance: null,
    },
    wallet: {
      id: wallet.id,
      user_id: wallet.userId,
      balance: wallet.balance,
      margin: wallet.margin,
      pricing_table_id: wallet.planId,
      mode: wallet.mode,
      currency: wallet.currency,
    },
  }
}
