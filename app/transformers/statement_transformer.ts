import type Order from '#models/order'
import { toDbDecimal } from '#domain/money'
import { formatTableDate } from '#domain/date_format'
import { formatProfitLoss, formatRate } from '#domain/formatting'
import { orderRateDigits } from '#transformers/order_transformer'

/** A closed trade as the statement table shows it (customer spec §2 Statements). */
export function statementRow(order: Order) {
  return {
    ticket: order.id,
    openTime: formatTableDate(order.createdAt),
    closeTime: formatTableDate(order.closeTime),
    type: order.type,
    instrument: `${order.baseSymbol}/${order.quoteSymbol}`,
    units: toDbDecimal(order.tradeAmount),
    // Rates with the instrument's digits, trailing zeros kept ("1.08370").
    openRate: formatRate(order.openRate, orderRateDigits(order)),
    closeRate: order.closeRate === null ? '' : formatRate(order.closeRate, orderRateDigits(order)),
    profitLoss: formatProfitLoss(order.proLoss ?? '0'),
    status: 'CLOSED' as const,
    /** The ticket a partial close came from (issue 23): the table shows "part of #N". */
    parentOrderId: order.parentOrderId ?? null,
  }
}

export type StatementRow = ReturnType<typeof statementRow>

/** The export's columns, in the table's order, with the header each one carries. */
export const STATEMENT_COLUMNS = [
  ['ticket', 'Ticket'],
  ['openTime', 'Open Time'],
  ['closeTime', 'Close Time'],
  ['type', 'Type'],
  ['instrument', 'Instrument'],
  ['units', 'Units'],
  ['openRate', 'Open Rate'],
  ['closeRate', 'Close Rate'],
  ['profitLoss', 'Profit/Loss'],
  ['status', 'Status'],
] as const satisfies readonly (readonly [keyof StatementRow, string])[]
