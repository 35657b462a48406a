import type Order from '#models/order'
import { toDbDecimal, toFixedString } from '#domain/money'
import { formatTableDate } from '#domain/date_format'

/** Profit/loss in orders and statements: 5 decimals (customer spec §9). */
export const PROFIT_LOSS_DECIMALS = 5

/** A closed trade as the statement table shows it (customer spec §2 Statements). */
export function statementRow(order: Order) {
  return {
    ticket: order.id,
    openTime: formatTableDate(order.createdAt),
    closeTime: formatTableDate(order.closeTime),
    type: order.type,
    instrument: `${order.baseSymbol}/${order.quoteSymbol}`,
    units: toDbDecimal(order.tradeAmount),
    openRate: toDbDecimal(order.openRate),
    closeRate: order.closeRate === null ? '' : toDbDecimal(order.closeRate),
    profitLoss: toFixedString(order.proLoss ?? '0', PROFIT_LOSS_DECIMALS),
    status: 'CLOSED' as const,
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
