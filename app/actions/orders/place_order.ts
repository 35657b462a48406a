import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import type User from '#models/user'
import settings from '#services/settings_service'
import { KeyedLanes } from '#services/keyed_lanes'
import { tradeQuoteFor } from '#services/market/trade_quote'
import { kycStatusFor } from '#queries/kyc_status'
import { lotModeFor, lotModeIn, lotSelector } from '#queries/lot_state'
import { lockOrderAccount, type OrderAccount, type OrderWallet } from '#queries/order_wallet'
import { readOrderSnapshot } from '#queries/order_snapshot'
import { lockTradedInstrument, type TradedInstrument } from '#queries/traded_instrument'
import { parseSiteSettings, type SettingRows } from '#domain/site_settings'
import { money } from '#domain/money'
import { newOrderTargetErrors } from '#domain/risk'
import type { OrderType } from '#domain/trading'
import { openPosition, positionTerms, type PositionTerms } from '#actions/orders/open_position'
import { placeOrderAtOnce } from '#actions/orders/place_order_at_once'
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

/** The figures a market order opens with, once every check has passed on the rows read. */
interface Decided {
  terms: PositionTerms
  wallet: OrderWallet & { planId: number | null }
}

/**
 * Every check of a new market order on rows already read, in the order
 * customers have always been told (those of orderBasics, tradeQuoteFor and
 * openPosition): a listed instrument, the amount, KYC, a wallet, a price, the
 * targets; then the position's figures. Throws the refusal.
 */
async function decideOrder(
  input: PlaceOrderInput,
  settingRows: SettingRows,
  kycRequired: boolean,
  read: {
    instrument: TradedInstrument | null
    /** Reads the account after the instrument and amount passed (a lock, in a transaction). */
    account: (instrument: TradedInstrument) => Promise<OrderAccount> | OrderAccount
  },
  client?: TransactionClientContract
): Promise<Decided> {
  const { user } = input
  const { instrument } = read
  if (!instrument) throw new UserFacingException('Unknown instrument', { field: 'instrument' })
  await checkOrderAmount(input.amount, lotModeIn(settingRows, instrument.category), client)
  const account = await read.account(instrument)
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
    spreadSetting: settingRows[`spread_${instrument.category}`]?.value1 ?? null,
    client,
  })
  return { terms, wallet }
}

/**
 * Opens a market order at the server's own current price (customer spec §9):
 * required margin = price × amount ÷ leverage ÷ rate, reserved on the active
 * wallet only if the free margin (balance − margin − on hold + open P/L) can
 * carry it. Everything is recomputed here; the dialog's figures are a preview.
 *
 * On PostgreSQL an order first tries `placeOrderAtOnce`: one read, one
 * compare-and-set write, no transaction held open (issue 25). When what it
 * read changed before its write, when the instrument has an exposure limit
 * to check, or in a login-as session (audited in the order's transaction), it
 * takes the locking path below, whose guarantees are the same.
 *
 * The locking path: one transaction, each row read once. The instrument FOR
 * KEY SHARE (what the order is checked, priced and written against, locked
 * against a staff edit until the commit), then the wallet FOR UPDATE with the
 * plan's leverage and the KYC status in the same statement, the open
 * positions for the free margin, the compare-and-set on the wallet, the
 * order. The user is the one the request signed in with; the settings are
 * read (cached) before the transaction.
 */
export function placeOrder(input: PlaceOrderInput): Promise<Order> {
  // One wallet's orders in this process take turns: racing each other they would only miss
  // their compare-and-sets and queue on the row lock (other processes' still may: that is safe).
  return walletLanes.run(input.user.activeBalanceId ?? 0, () => placeOrderUnqueued(input))
}

/** Orders waiting or running, by wallet id (0: a user without an active wallet, refused anyway). */
const walletLanes = new KeyedLanes<number>()

/**
 * `placeOrder` without this process's turn-taking: what orders from several
 * web processes do to one wallet at once. Exported for the race tests.
 */
export async function placeOrderUnqueued(input: PlaceOrderInput): Promise<Order> {
  const { user } = input
  const rows = await settings.rows()
  const kycRequired = parseSiteSettings(rows).switches.kycTrade
  if (!input.actingStaff && db.connection().dialect.name === 'postgres') {
    for (let attempt = 0; attempt < AT_ONCE_ATTEMPTS; attempt++) {
      const snapshot = await readOrderSnapshot(user, input.instrument)
      const decided = await decideOrder(input, rows, kycRequired, {
        instrument: snapshot.instrument,
        account: () => snapshot.account,
      })
      const placed = await placeOrderAtOnce(decided.terms, decided.wallet, snapshot.positions)
      if (placed === 'locking') break
      if (placed) return placed
    }
  }
  return db.transaction(async (trx) => {
    const instrument = await lockTradedInstrument(trx, input.instrument)
    const { terms, wallet } = await decideOrder(
      input,
      rows,
      kycRequired,
      {
        instrument,
        account: (locked) => lockOrderAccount(trx, user, locked.category, { kyc: kycRequired }),
      },
      trx
    )
    const placed = await openPosition(trx, terms, { instrument: terms.instrument, wallet })
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

/** Reads and writes at once before an order takes the locking path (a busy wallet: the lock queues them). */
const AT_ONCE_ATTEMPTS = 2
