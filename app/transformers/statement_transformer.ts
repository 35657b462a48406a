import type Order from '#models/order'
import { toDbDecimal } from '#domain/money'
import { formatTableDate } from '#domain/date_format'
import { formatDecimal, formatProfitLoss, formatRate } from '#domain/formatting'
import { netProfitLoss } from '#domain/account_metrics'
import { closeEvidenceText, feedName } from '#domain/execution_evidence'
import { orderEvidence, orderRateDigits } from '#transformers/order_transformer'

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
    /** Net of the position's swaps (issue 24): the price P/L plus every swap it paid or earned. */
    profitLoss: formatProfitLoss(netProfitLoss(order.proLoss ?? '0', order.swap ?? '0')),
    /** The swaps accumulated over the position's life (wallet currency; negative = charged). */
    swap: formatDecimal(order.swap ?? '0', 2),
    status: 'CLOSED' as const,
    /** The ticket a partial close came from (issue 23): the table shows "part of #N". */
    parentOrderId: order.parentOrderId ?? null,
    /** What the evidence sentence needs (issue 24 item 2); the page translates it. */
    digits: orderRateDigits(order),
    closeReason: order.closeReason,
    closeEvidence: orderEvidence(order),
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
  ['swap', 'Swap'],
  ['profitLoss', 'Profit/Loss'],
  ['status', 'Status'],
  ['closeReason', 'Close Reason'],
  ['bid', 'Bid'],
  ['ask', 'Ask'],
  ['quotedAt', 'Quote Time'],
  ['feed', 'Feed'],
  ['equity', 'Equity'],
  ['margin', 'Margin'],
  ['marginLevel', 'Margin Level'],
  ['evidence', 'Execution Evidence'],
] as const satisfies readonly (readonly [keyof StatementCsvRow, string])[]

/**
 * A statement row as the export writes it: the table's cells and the close's
 * evidence one column each (blank where none was stored), then its sentence
 * in English.
 */
export function statementCsvRow(order: Order) {
  const row = statementRow(order)
  const e = row.closeEvidence
  return {
    ...row,
    closeReason: row.closeReason ?? '',
    bid: e?.bid ?? '',
    ask: e?.ask ?? '',
    quotedAt: e?.quotedAt ?? '',
    feed: e?.source ? feedName(e.source) : '',
    equity: e?.equity ?? '',
    margin: e?.margin ?? '',
    marginLevel: e?.marginLevel ?? '',
    evidence:
      closeEvidenceText({
        type: order.type,
        closeReason: order.closeReason,
        partial: order.parentOrderId !== null,
        closeEvidence: e,
        digits: row.digits,
      }) ?? '',
  }
}

type StatementCsvRow = ReturnType<typeof statementCsvRow>
