import type Order from '#models/order'
import type { StaffTrade } from '#queries/staff_trades'
import { toDbDecimal } from '#domain/money'
import { formatAdminDate } from '#domain/date_format'
import { orderRateDigits } from '#transformers/order_transformer'

/** An order's open time as the edit dialog's datetime-local value: UTC, cut to the minute (admin spec §9). */
export function openTimeValue(order: Order): string {
  return order.createdAt.toUTC().toISO({ includeOffset: false })!.slice(0, 16)
}

const decimalOrNull = (value: string | null) => (value === null ? null : toDbDecimal(value))

/**
 * A row of the back office's trades lists (admin spec §2 Trades list, §3
 * Trade/order): the columns and what the order dialog edits. `proLoss` is
 * the realized P/L of a closed trade, or the current one of an open trade
 * (`proLossLive`), at the freshest price the server knows.
 */
export function staffTradeRow({ order, livePnl }: StaffTrade) {
  return {
    id: order.id,
    user: { id: order.userId, email: order.user?.email ?? '' },
    balance: { mode: order.balance?.mode ?? null, currency: order.balance?.currency ?? null },
    type: order.type,
    instrument: order.instrument,
    digits: orderRateDigits(order),
    openRate: toDbDecimal(order.openRate),
    closeRate: decimalOrNull(order.closeRate),
    spread: toDbDecimal(order.spread),
    marginUsed: toDbDecimal(order.marginUsed),
    proLoss: order.closeTime ? decimalOrNull(order.proLoss) : livePnl,
    proLossLive: !order.closeTime,
    profit: decimalOrNull(order.profit),
    loss: decimalOrNull(order.loss),
    leverage: order.leverage,
    status: order.closeTime ? ('closed' as const) : ('open' as const),
    openTime: openTimeValue(order),
    createdAt: formatAdminDate(order.createdAt),
    closeTime: formatAdminDate(order.closeTime),
  }
}

export type StaffTradeRow = ReturnType<typeof staffTradeRow>
