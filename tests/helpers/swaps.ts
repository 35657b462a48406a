import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { swapsOf } from '#queries/position_swaps'

/** The position's swap as every screen shows it: the sum of its rollover charges ('0' for none). */
export async function swapOf(orderId: number): Promise<string> {
  return (await swapsOf([orderId])).get(orderId) ?? '0'
}

/**
 * A rollover charge on the position for a screen's test (no ledger entry: the wallet is not
 * moved; a test of the money uses applyRollover).
 */
export async function chargeSwap(
  order: { id: number; balanceId: number },
  amount: string,
  rolloverDate = '2026-11-20'
) {
  await db.table('swap_charges').insert({
    order_id: order.id,
    balance_id: order.balanceId,
    rollover_date: rolloverDate,
    amount,
    rate: '-2.5',
    days: 1,
    notional: '1000',
    created_at: DateTime.now().toSQL({ includeOffset: false }),
  })
}
