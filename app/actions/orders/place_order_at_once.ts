import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import marketEvents from '#services/market/market_events'
import type { OrderWallet } from '#queries/order_wallet'
import type { OpenPositionAtMarket } from '#queries/open_positions'
import { money, toDbDecimal } from '#domain/money'
import { marginRefusalOn, openedRows, type PositionTerms } from '#actions/orders/open_position'

/*
 * The margin reservation and the order in ONE statement, a compare-and-set on
 * what the order was decided on (PostgreSQL):
 * - the instrument is still listed under the same name and category,
 *   tradable, at the same leverage and exposure limit, locked FOR KEY SHARE
 *   for the statement as the locking path locks it for its transaction: a
 *   staff edit or delete takes FOR UPDATE first, so one waits for the other,
 *   while the market role's price writes (plain updates) block neither;
 * - the wallet is still the user's, at the `version` read (ledger_service
 *   moves it with every change of balance, margin or holds, and with every
 *   close, partial close, staff edit or delete of one of its positions);
 * and only then the margin is added and the order inserted.
 */
const WRITE_SQL = `
with instrument as materialized (
  select id from instruments
  where id = ? and name = ? and category = ? and tradable and leverage = ?
    and exposure_limit is not distinct from ?::numeric
  for key share
), reserved as (
  update balances set margin = ?::numeric, version = version + 1, updated_at = ?::timestamptz
  where id = ? and user_id = ? and version = ? and exists (select 1 from instrument)
  returning id
)
insert into orders (user_id, balance_id, instrument_id, instrument, base_symbol, quote_symbol,
  kind, type, trade_amount, open_rate, profit, loss, spread, exchange_rate, margin_used, leverage,
  created_at, updated_at)
select ?::int, reserved.id, ?::int, ?::text, ?::text, ?::text, ?::text, ?::text, ?::numeric,
  ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::int,
  ?::timestamptz, ?::timestamptz
from reserved
returning id
`

/**
 * A market order decided on one snapshot (`readOrderSnapshot`), written with
 * one statement and no transaction held open (issue 25: the order path). The
 * refusals are those of the locking path, on the same figures; the margin
 * check is `marginRefusalOn` over the snapshot's open positions.
 *
 * Returns the order; null when the wallet or the instrument changed since the
 * snapshot (nothing was written: decide again); 'locking' when the order
 * needs the locking path (a real wallet on an instrument with an exposure
 * limit: that check serializes opens on the instrument).
 */
export async function placeOrderAtOnce(
  terms: PositionTerms,
  wallet: OrderWallet & { planId: number | null },
  positions: OpenPositionAtMarket[]
): Promise<Order | null | 'locking'> {
  const { instrument } = terms
  if (instrument.exposureLimit !== null && wallet.mode === 'real') return 'locking'
  const refusal = marginRefusalOn(wallet, terms.margin, positions)
  if (refusal) throw refusal
  const margin = toDbDecimal(money(wallet.margin).plus(terms.margin))
  const now = new Date()
  const columns = {
    user_id: terms.userId,
    balance_id: wallet.id,
    instrument_id: instrument.id,
    instrument: instrument.name,
    base_symbol: instrument.base,
    quote_symbol: instrument.quote,
    kind: instrument.category,
    type: terms.type,
    trade_amount: toDbDecimal(terms.amount),
    open_rate: toDbDecimal(terms.price),
    profit: terms.profit === null ? null : toDbDecimal(terms.profit),
    loss: terms.loss === null ? null : toDbDecimal(terms.loss),
    spread: toDbDecimal(terms.spread),
    exchange_rate: toDbDecimal(terms.rate),
    margin_used: toDbDecimal(terms.margin),
    leverage: terms.leverage,
    created_at: now,
    updated_at: now,
  }
  const result = await db.rawQuery(WRITE_SQL, [
    instrument.id,
    instrument.name,
    instrument.category,
    instrument.leverage,
    instrument.exposureLimit,
    margin,
    now,
    wallet.id,
    wallet.userId,
    wallet.version,
    columns.user_id,
    columns.instrument_id,
    columns.instrument,
    columns.base_symbol,
    columns.quote_symbol,
    columns.kind,
    columns.type,
    columns.trade_amount,
    columns.open_rate,
    columns.profit,
    columns.loss,
    columns.spread,
    columns.exchange_rate,
    columns.margin_used,
    columns.leverage,
    columns.created_at,
    columns.updated_at,
  ])
  const id: number | undefined = result.rows[0]?.id
  if (id === undefined) return null
  // The model as Order.create leaves it: the columns written, and the id.
  const placed = Order.$createFromAdapterResult({ id, ...columns })!
  marketEvents.publish({
    type: 'order.opened',
    orderId: id,
    rows: openedRows(placed, { ...wallet, margin }),
  })
  return placed
}
