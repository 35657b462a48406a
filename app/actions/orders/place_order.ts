import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import type User from '#models/user'
import settings from '#services/settings_service'
import { tradeQuoteFor } from '#services/market/trade_quote'
import { kycStatusFor } from '#queries/kyc_status'
import { lotModeFor, lotModeIn, lotSelector } from '#queries/lot_state'
import { lockOrderAccount } from '#queries/order_wallet'
import { lockTradedInstrument } from '#queries/traded_instrument'
import { parseSiteSettings } from '#domain/site_settings'
import { money } from '#domain/money'
import { newOrderTargetErrors } from '#domain/risk'
import type { OrderType } from '#domain/trading'
import { openPosition, positionTerms } from '#actions/orders/open_position'
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

/** The amount an order may have: positive, and one of the offered lots in lot mode. */
async function checkOrderAmount(
  amount: string,
  lotMode: 'lot' | 'amount',
  client?: TransactionClientContract
) {
  if (money(amount).lessThanOrEqualTo(0)) {
    throw new UserFacingException('Amount must be greater than zero', { field: 'amount' })
  }
  // The selector is read only in lot mode: in amount mode any positive amount goes.
  if (lotMode === 'lot') {
    const offered = await lotSelector(client)
    if (!offered.some((l) => money(l.value).equals(money(amount)))) {
      throw new UserFacingException('Choose one of the offered lot sizes', { field: 'amount' })
    }
  }
}

const KYC_REFUSAL = 'Please verify KYC to enable trading'
const NO_WALLET = 'Choose a wallet first'

/**
 * What every new order must pass before its price is looked at, in the order
 * customers have always been told: a listed instrument, a positive amount
 * (one of the offered lots in lot mode), approved KYC when the site asks for
 * it, and an active wallet. Pending orders use it; a market order makes the
 * same checks in the same order inside its transaction (placeOrder).
 */
export async function orderBasics(user: User, instrumentName: string, amount: string) {
  const instrument = await Instrument.findBy('name', instrumentName)
  if (!instrument) throw new UserFacingException('Unknown instrument', { field: 'instrument' })
  await checkOrderAmount(amount, await lotModeFor(instrument.category))
  if ((await settings.site()).switches.kycTrade && (await kycStatusFor(user.id)) !== 'approved') {
    throw new UserFacingException(KYC_REFUSAL, { status: 403 })
  }
  if (!user.activeBalanceId) throw new UserFacingException(NO_WALLET, { status: 409 })
  return instrument
}

/** The user's active wallet, or the refusal a market order has always answered. */
export async function activeWalletOf(user: User) {
  const wallet = user.activeBalanceId
    ? await Balance.query().where('id', user.activeBalanceId).where('user_id', user.id).first()
    : null
  if (!wallet) throw new UserFacingException(NO_WALLET, { status: 409 })
  return wallet
}

/**
 * Opens a market order at the server's own current price (customer spec §9):
 * required margin = price × amount ÷ leverage ÷ rate, reserved on the active
 * wallet only if the free margin (balance − margin − on hold + open P/L) can
 * carry it. Everything is recomputed here; the dialog's figures are a preview.
 *
 * One transaction, each row read once (issue 25): the instrument FOR SHARE
 * (what the order is checked, priced and written against, locked against a
 * staff edit until the commit), then the wallet FOR UPDATE with the plan's
 * leverage and the KYC status in the same statement, the open positions for
 * the free margin, the compare-and-set on the wallet, the order. The user is
 * the one the request signed in with; the settings are read (cached) before
 * the transaction. The refusals and their order are those of orderBasics,
 * tradeQuoteFor and openPosition.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<Order> {
  const { user } = input
  const rows = await settings.rows()
  const kycRequired = parseSiteSettings(rows).switches.kycTrade
  return db.transaction(async (trx) => {
    const instrument = await lockTradedInstrument(trx, input.instrument)
    if (!instrument) throw new UserFacingException('Unknown instrument', { field: 'instrument' })
    await checkOrderAmount(input.amount, lotModeIn(rows, instrument.category), trx)
    const account = await lockOrderAccount(trx, user, instrument.category, { kyc: kycRequired })
    if (kycRequired && account.kycStatus !== 'approved') {
      throw new UserFacingException(KYC_REFUSAL, { status: 403 })
    }
    if (!account.wallet) throw new UserFacingException(NO_WALLET, { status: 409 })
    const wallet = { ...account.wallet, planId: user.pricingTableId }

    const quote = tradeQuoteFor(instrument)
    const targetErrors = newOrderTargetErrors({
      type: input.type,
      bid: quote.bid,
      ask: quote.ask,
      profit: input.profit,
      loss: input.loss,
    })
    if (targetErrors.length) throw UserFacingException.forFields(targetErrors)

    const terms = await positionTerms({
      user,
      wallet,
      instrument,
      type: input.type,
      amount: input.amount,
      profit: input.profit,
      loss: input.loss,
      quote,
      plan: { [`${instrument.category}Leverage`]: account.planLeverage },
      spreadSetting: rows[`spread_${instrument.category}`]?.value1 ?? null,
      client: trx,
    })
    const placed = await openPosition(trx, terms, { instrument, wallet })
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
}
