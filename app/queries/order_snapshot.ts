import db from '@adonisjs/lucid/services/db'
import { CATEGORIES } from '#domain/instruments'
import { orderAccountOf, type OrderAccount } from '#queries/order_wallet'
import { tradedInstrumentOf, type TradedInstrument } from '#queries/traded_instrument'
import {
  positionsAtMarket,
  type OpenPositionAtMarket,
  type PositionRow,
} from '#queries/open_positions'

/** Everything a market order is decided on, as one statement saw it. */
export interface OrderSnapshot {
  instrument: TradedInstrument | null
  account: OrderAccount
  /** The wallet's open positions, priced now (empty without a wallet). */
  positions: OpenPositionAtMarket[]
}

/** A position as the snapshot's JSON array carries it: decimals as text, never as JSON numbers. */
type PositionTuple = [
  number,
  string,
  PositionRow['kind'],
  PositionRow['type'],
  string,
  string,
  string,
  string,
  string,
  string | null,
  string | null,
]

/** The plan's leverage for the instrument's category, picked in SQL as lockOrderAccount picks its column. */
const planLeverage = `case i.category ${CATEGORIES.map((c) => `when '${c}' then p.${c}_leverage`).join(' ')} end`

/*
 * One statement, so one snapshot: the instrument, the active wallet with its
 * plan and KYC answer, and the wallet's open positions with their instruments'
 * stored prices (the fallback to live quotes). The wallet's columns are named
 * as lockOrderAccount reads them and the instrument's as lockTradedInstrument
 * does, so both are read by the same code. Decimals are cast to text so that
 * none becomes a JavaScript number on the way.
 */
const SNAPSHOT_SQL = `
select
  case when i.id is null then null else json_build_object('id', i.id, 'name', i.name,
    'base', i.base, 'quote', i.quote, 'category', i.category, 'bids', i.bids::text,
    'asks', i.asks::text, 'leverage', i.leverage, 'tradable', i.tradable,
    'exposure_limit', i.exposure_limit::text, 'updated_at', i.updated_at) end as instrument,
  b.id, b.user_id, b.mode, b.currency, b.balance::text as balance, b.margin::text as margin,
  b.on_hold::text as on_hold, b.version,
  ${planLeverage} as plan_leverage,
  (select k.status from kyc_documents k where k.user_id = ? order by k.id desc limit 1) as kyc_status,
  (select json_agg(json_build_array(o.id, o.instrument, o.kind, o.type, o.trade_amount::text,
      o.open_rate::text, o.spread::text, o.exchange_rate::text, o.margin_used::text,
      s.bids::text, s.asks::text) order by o.id)
    from orders o left join instruments s on s.name = o.instrument
    where o.balance_id = b.id and o.close_time is null and o.deleted_at is null) as positions
from (select 1) as one
left join instruments i on i.name = ?
left join balances b on b.id = ? and b.user_id = ?
left join pricing_plans p on p.id = ?
`

/**
 * What `lockTradedInstrument` and `lockOrderAccount` read inside a market
 * order's transaction, plus the open positions, in ONE statement and without
 * locks (PostgreSQL only). The write that follows (`placeOrderAtOnce`) is a
 * compare-and-set on what this saw, so nothing read here is trusted
 * beyond that write.
 */
export async function readOrderSnapshot(
  user: { id: number; activeBalanceId: number | null; pricingTableId: number | null },
  instrumentName: string
): Promise<OrderSnapshot> {
  const result = await db.rawQuery(SNAPSHOT_SQL, [
    user.id,
    instrumentName,
    user.activeBalanceId ?? 0,
    user.id,
    user.pricingTableId ?? 0,
  ])
  const row = result.rows[0]
  const tuples: PositionTuple[] = row.positions ?? []
  return {
    instrument: row.instrument === null ? null : tradedInstrumentOf(row.instrument),
    account: orderAccountOf(row, { kyc: true }),
    positions: positionsAtMarket(
      tuples.map((t) => ({
        id: t[0],
        instrument: t[1],
        kind: t[2],
        type: t[3],
        trade_amount: t[4],
        open_rate: t[5],
        spread: t[6],
        exchange_rate: t[7],
        margin_used: t[8],
      })),
      tuples.map((t) => ({ name: t[1], bids: t[9], asks: t[10] }))
    ),
  }
}
