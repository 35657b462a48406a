import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { currentRateFor, type OpenPositionInput } from '#domain/account_metrics'
import { toDbDecimal } from '#domain/money'

export type OpenPositionAtMarket = OpenPositionInput & {
  id: number
  instrument: string
  kind: Order['kind']
  marginUsed: string
}

/**
 * A wallet's open positions, each with the rate it would close at now (this
 * process's live quote, else the stored price, else its open rate).
 */
export async function openPositionsAtMarket(
  balanceId: number,
  client?: TransactionClientContract
): Promise<OpenPositionAtMarket[]> {
  const open = await Order.query({ client }).where('balance_id', balanceId).whereNull('close_time').orderBy('id')
  if (open.length === 0) return []
  const stored = await Instrument.query({ client }).whereIn('name', [...new Set(open.map((o) => o.instrument))])
  const byName = new Map(stored.map((i) => [i.name, i]))
  return open.map((o) => {
    const { bids, asks } = priceBook.latest(byName.get(o.instrument) ?? { name: o.instrument, bids: null, asks: null })
    return {
      id: o.id,
      instrument: o.instrument,
      kind: o.kind,
      type: o.type,
      tradeAmount: toDbDecimal(o.tradeAmount),
      openRate: toDbDecimal(o.openRate),
      spread: toDbDecimal(o.spread),
      exchangeRate: toDbDecimal(o.exchangeRate),
      marginUsed: toDbDecimal(o.marginUsed),
      currentRate: currentRateFor(o.type, bids ?? o.openRate, asks ?? o.openRate),
    }
  })
}
