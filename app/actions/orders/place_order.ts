import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import PricingPlan from '#models/pricing_plan'
import type User from '#models/user'
import settings from '#services/settings_service'
import { reserveMargin } from '#services/ledger_service'
import { tradeQuoteFor } from '#services/market/trade_quote'
import marketEvents from '#services/market/market_events'
import { conversionRateFor } from '#queries/conversion_rate'
import { kycStatusFor } from '#queries/kyc_status'
import { lotModeFor, lotSelector } from '#queries/lot_state'
import { openPositionsAtMarket } from '#queries/open_positions'
import { accountMetrics } from '#domain/account_metrics'
import { money, toDbDecimal } from '#domain/money'
import { newOrderTargetErrors } from '#domain/risk'
import {
  leverageFor,
  openingPrice,
  requiredMargin,
  spreadCost,
  spreadMultiplier,
  type OrderType,
} from '#domain/trading'
import { UserFacingException } from '#exceptions/user_facing_exception'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'

export interface PlaceOrderInput {
  user: User
  type: OrderType
  instrument: string
  /** Units, a decimal string. */
  amount: string
  /** Take-profit rate, or null. */
  profit: string | null
  /** Stop-loss rate, or null. */
  loss: string | null
  /** The staff member placing it in a login-as session (audited); absent in the customer's own. */
  actingStaff?: StaffContext | null
}

/**
 * Opens a market order at the server's own current price (customer spec §9):
 * required margin = price × amount ÷ leverage ÷ rate, reserved on the active
 * wallet only if the free margin (balance − margin − on hold + open P/L) can
 * carry it. Everything is recomputed here; the dialog's figures are a preview.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<Order> {
  const { user } = input
  const instrument = await Instrument.findBy('name', input.instrument)
  if (!instrument) throw new UserFacingException('Unknown instrument', { field: 'instrument' })

  if (money(input.amount).lessThanOrEqualTo(0)) {
    throw new UserFacingException('Amount must be greater than zero', { field: 'amount' })
  }
  // The selector is read only in lot mode: in amount mode any positive amount goes.
  if ((await lotModeFor(instrument.category)) === 'lot') {
    const offered = await lotSelector()
    if (!offered.some((l) => money(l.value).equals(money(input.amount)))) {
      throw new UserFacingException('Choose one of the offered lot sizes', { field: 'amount' })
    }
  }
  if ((await settings.site()).switches.kycTrade && (await kycStatusFor(user.id)) !== 'approved') {
    throw new UserFacingException('Please verify KYC to enable trading', { status: 403 })
  }
  if (!user.activeBalanceId) throw new UserFacingException('Choose a wallet first', { status: 409 })

  const quote = tradeQuoteFor(instrument)
  const targetErrors = newOrderTargetErrors({
    type: input.type,
    bid: quote.bid,
    ask: quote.ask,
    profit: input.profit,
    loss: input.loss,
  })
  if (targetErrors.length) throw UserFacingException.forFields(targetErrors)

  const price = openingPrice(input.type, quote.bid, quote.ask)
  const plan = user.pricingTableId ? await PricingPlan.find(user.pricingTableId) : null
  const leverage = leverageFor(instrument.category, plan, instrument.leverage)
  const spreadSetting = spreadMultiplier(await settings.value(`spread_${instrument.category}`))
  const spread = spreadCost({ bid: quote.bid, ask: quote.ask, spreadSetting, amount: input.amount })

  const wallet = await Balance.query()
    .where('id', user.activeBalanceId)
    .where('user_id', user.id)
    .first()
  if (!wallet) throw new UserFacingException('Choose a wallet first', { status: 409 })
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

  const order = await db.transaction(async (trx) => {
    // The instrument as it stands now, locked against a staff edit or delete at this moment (they lock it
    // for update): switched off or deleted before this order commits means refused, never half-placed.
    const current = await Instrument.query({ client: trx })
      .where('id', instrument.id)
      .forShare()
      .first()
    if (!current || current.name !== instrument.name || current.category !== instrument.category) {
      throw new UserFacingException('Unknown instrument', { field: 'instrument' })
    }
    if (!current.tradable)
      throw new UserFacingException('This instrument is not tradable', { field: 'instrument' })
    await reserveMargin(trx, wallet.id, async (locked) => {
      const positions = await openPositionsAtMarket(locked.id, trx)
      const metrics = accountMetrics({
        balance: locked.balance,
        usedMargin: locked.margin,
        positions,
      })
      if (margin.greaterThan(money(locked.balance))) {
        throw new UserFacingException('Insufficient Balance!', { field: 'amount' })
      }
      if (margin.greaterThan(metrics.freeMargin.minus(money(locked.onHold)))) {
        throw new UserFacingException('Insufficient Free Margin!', { field: 'amount' })
      }
      return margin
    })
    const placed = await Order.create(
      {
        userId: user.id,
        balanceId: wallet.id,
        instrumentId: instrument.id,
        instrument: instrument.name,
        baseSymbol: instrument.base,
        quoteSymbol: instrument.quote,
        kind: instrument.category,
        type: input.type,
        tradeAmount: toDbDecimal(input.amount),
        openRate: toDbDecimal(price),
        profit: input.profit === null ? null : toDbDecimal(input.profit),
        loss: input.loss === null ? null : toDbDecimal(input.loss),
        spread: toDbDecimal(spread),
        exchangeRate: toDbDecimal(rate),
        marginUsed: toDbDecimal(margin),
        leverage,
      },
      { client: trx }
    )
    marketEvents.afterCommit(trx, { type: 'order.opened', orderId: placed.id })
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.order_place',
      customerId: user.id,
      after: {
        orderId: placed.id,
        instrument: placed.instrument,
        type: placed.type,
        amount: placed.tradeAmount,
        openRate: placed.openRate,
        takeProfit: placed.profit,
        stopLoss: placed.loss,
        marginUsed: placed.marginUsed,
      },
    })
    return placed
  })
  return order
}
