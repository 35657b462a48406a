import db from '@adonisjs/lucid/services/db'
import { CATEGORIES, type Category } from '#domain/instruments'
import { kycStatusOf } from '#domain/kyc'
import { toDbDecimal } from '#domain/money'
import type { OrderAccount } from '#queries/order_wallet'
import type { TradedInstrument } from '#queries/traded_instrument'
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

const leverageColumns = CATEGORIES.map((c) => `p.${c}_leverage as ${c}_leverage`).join(', ')

/*
 * One statement, so one snapshot: the instrument, the active wallet with its
 * plan and KYC answer, and the wallet's open positions with their instruments'
 * stored prices (the fallback to live quotes). Decimals are cast to text so
 * that none becomes a JavaScript number on the way.
 */
const SNAPSHOT_SQL = `
select
  i.id as i_id, i.name as i_name, i.base as i_base, i.quote as i_quote, i.category as i_category,
  i.bids::text as i_bids, i.asks::text as i_asks, i.leverage as i_leverage,
  i.tradable as i_tradable, i.exposure_limit::text as i_exposure_limit, i.updated_at as i_updated_at,
  b.id as w_id, b.user_id as w_user_id, b.mode as w_mode, b.currency as w_currency,
  b.balance::text as w_balance, b.margin::text as w_margin, b.on_hold::text as w_on_hold,
  b.version as w_version,
  ${leverageColumns},
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
 * locks (PostgreSQL only). The write that follows (`insertOrderIfUnchanged`)
 * is a compare-and-set on what this saw, so nothing read here is trusted
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
  const category: Category | null = row.i_category ?? null
  const planLeverage = category ? row[`${category}_leverage`] : null
  const walletId: number | null = row.w_id ?? null
  const tuples: PositionTuple[] = row.positions ?? []
  return {
    instrument:
      row.i_id === null
        ? null
        : {
            id: row.i_id,
            name: row.i_name,
            base: row.i_base,
            quote: row.i_quote,
            category: row.i_category,
            bids: row.i_bids === null ? null : toDbDecimal(row.i_bids),
            asks: row.i_asks === null ? null : toDbDecimal(row.i_asks),
            leverage: Number(row.i_leverage),
            tradable: row.i_tradable === true,
            exposureLimit: row.i_exposure_limit === null ? null : toDbDecimal(row.i_exposure_limit),
            updatedAt: updatedAtOf(row.i_updated_at),
          },
    account: {
      wallet:
        walletId === null
          ? null
          : {
              id: walletId,
              userId: row.w_user_id,
              mode: row.w_mode,
              currency: row.w_currency,
              balance: toDbDecimal(row.w_balance),
              margin: toDbDecimal(row.w_margin),
              onHold: toDbDecimal(row.w_on_hold),
              version: Number(row.w_version),
            },
      planLeverage:
        planLeverage === null || planLeverage === undefined ? null : Number(planLeverage),
      kycStatus: kycStatusOf(row.kyc_status ? { status: row.kyc_status } : null),
    },
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

function updatedAtOf(value: Date | null) {
  if (!value) return null
  const ms = value.getTime()
  return { toMillis: () => ms }
}
