import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import priceBook from '#services/market/price_book'
import { currentRateFor, type OpenPositionInput } from '#domain/account_metrics'
import { fromDbDecimal } from '#domain/money'

export type OpenPositionAtMarket = OpenPositionInput & {
  id: number
  instrument: string
  kind: Order['kind']
  marginUsed: string
}

/** An open order as read for pricing: decimals as either database returns them. */
export interface PositionRow {
  id: number
  instrument: string
  kind: Order['kind']
  type: Order['type']
  trade_amount: string | number
  open_rate: string | number
  spread: string | number
  exchange_rate: string | number
  margin_used: string | number
}

/**
 * A wallet's open positions, each with the rate it would close at now (this
 * process's live quote, else the stored price, else its open rate).
 *
 * Placing an order prices every open position of the wallet, so this reads
 * only the columns it needs as plain rows (no models, no timestamps to parse).
 */
export async function openPositionsAtMarket(
  balanceId: number,
  client?: TransactionClientContract
): Promise<OpenPositionAtMarket[]> {
  const runner = client ?? db
  const open: PositionRow[] = await runner
    .from('orders')
    .select(
      'id',
      'instrument',
      'kind',
      'type',
      'trade_amount',
      'open_rate',
      'spread',
      'exchange_rate',
      'margin_used'
    )
    .where('balance_id', balanceId)
    .whereNull('close_time')
    .whereNull('deleted_at')
    .orderBy('id')
  if (open.length === 0) return []
  // Stored prices are only the fallback for instruments this process has no live quote of.
  const unquoted = [...new Set(open.map((o) => o.instrument))].filter(
    (name) => !priceBook.get(name)
  )
  const stored: StoredPrice[] = unquoted.length
    ? await runner.from('instruments').select('name', 'bids', 'asks').whereIn('name', unquoted)
    : []
  return positionsAtMarket(open, stored)
}

/** An instrument's stored price as read from its row (the fallback to a live quote). */
export interface StoredPrice {
  name: string
  bids: string | number | null
  asks: string | number | null
}

/**
 * Open position rows priced at the rate each would close at now: this
 * process's live quote, else `stored` (the instruments' stored prices), else
 * the position's own open rate.
 */
export function positionsAtMarket(
  open: PositionRow[],
  stored: StoredPrice[]
): OpenPositionAtMarket[] {
  const byName = new Map(
    stored.map((i) => [
      i.name,
      {
        name: i.name,
        bids: fromDbDecimal(i.bids),
        asks: fromDbDecimal(i.asks),
      },
    ])
  )
  return open.map((o) => {
    const { bids, asks } = priceBook.latest(
      byName.get(o.instrument) ?? { name: o.instrument, bids: null, asks: null }
    )
    const openRate = fromDbDecimal(o.open_rate)
    return {
      id: o.id,
      instrument: o.instrument,
      kind: o.kind,
      type: o.type,
      tradeAmount: fromDbDecimal(o.trade_amount),
      openRate,
      spread: fromDbDecimal(o.spread),
      exchangeRate: fromDbDecimal(o.exchange_rate),
      marginUsed: fromDbDecimal(o.margin_used),
      currentRate: currentRateFor(o.type, bids ?? openRate, asks ?? openRate),
    }
  })
}
