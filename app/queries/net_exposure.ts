import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Instrument from '#models/instrument'
import { money, MONEY_SCALE, type Money } from '#domain/money'

/**
 * The customers' net units on an instrument over real wallets' open
 * positions (long +, short −): the house holds the opposite. One indexed
 * aggregate: `orders (instrument, close_time)` finds the open rows of the
 * instrument (a name cannot change while positions are open on it).
 */
export async function netRealUnits(
  trx: QueryClientContract,
  instrument: Pick<Instrument, 'id' | 'name'>
): Promise<Money> {
  const row = await trx
    .from('orders')
    .join('balances', 'balances.id', 'orders.balance_id')
    .where('orders.instrument', instrument.name)
    .where('orders.instrument_id', instrument.id)
    .whereNull('orders.close_time')
    .whereNull('orders.deleted_at')
    .where('balances.mode', 'real')
    .select(
      trx.raw(
        "COALESCE(SUM(CASE WHEN orders.type = 'buy' THEN orders.trade_amount ELSE -orders.trade_amount END), 0) AS net"
      )
    )
    .first()
  // SQLite sums decimals as doubles: keep the stored scale, drop the float's noise.
  return money(String(row?.net ?? 0)).toDecimalPlaces(MONEY_SCALE)
}
