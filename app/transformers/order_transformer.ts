import type Order from '#models/order'
import { toDbDecimal } from '#domain/money'
import { formatTableDate } from '#domain/date_format'
import { priceDecimals } from '#domain/instruments'
import { closeEvidenceOf } from '#domain/execution_evidence'

/** The fraction digits the order's instrument is quoted with, from the order's own open rate. */
export function orderRateDigits(o: Order): number {
  return priceDecimals(o.kind, o.quoteSymbol, toDbDecimal(o.openRate))
}

/** A row of the dashboard positions table (customer spec §2 Positions table). */
export function orderRow(o: Order) {
  return {
    id: o.id,
    openTime: formatTableDate(o.createdAt),
    closeTime: o.closeTime ? formatTableDate(o.closeTime) : null,
    type: o.type,
    units: toDbDecimal(o.tradeAmount),
    instrument: o.instrument,
    pair: `${o.baseSymbol}/${o.quoteSymbol}`,
    quote: o.quoteSymbol,
    /** Rates show with this many fraction digits (the instrument's). */
    digits: orderRateDigits(o),
    openRate: toDbDecimal(o.openRate),
    closeRate: o.closeRate === null ? null : toDbDecimal(o.closeRate),
    takeProfit: o.profit === null ? null : toDbDecimal(o.profit),
    stopLoss: o.loss === null ? null : toDbDecimal(o.loss),
    /** Trailing-stop distance in price units (null: none); the server moves `stopLoss` behind the price. */
    trailing: o.trailingDistance === null ? null : toDbDecimal(o.trailingDistance),
    spread: toDbDecimal(o.spread),
    exchangeRate: toDbDecimal(o.exchangeRate),
    marginUsed: toDbDecimal(o.marginUsed),
    /** Realized P/L of a closed order; an open one's is computed live from prices. */
    profitLoss: o.proLoss === null ? null : toDbDecimal(o.proLoss),
    /** Overnight swaps posted to the wallet so far (signed; negative = charged); issue 24. */
    swap: toDbDecimal(o.swap ?? '0'),
    closeReason: o.closeReason,
    /** The quote the close used (null while open, and on rows closed before evidence was stored). */
    closeEvidence: o.closeTime ? orderEvidence(o) : null,
    /** The ticket this row was partially closed from; null for a ticket of its own. */
    parentOrderId: o.parentOrderId ?? null,
    status: o.closeTime ? ('CLOSED' as const) : ('OPENED' as const),
  }
}

export type OrderRow = ReturnType<typeof orderRow>

/** An order's stored close evidence, times in UTC ISO with milliseconds. */
export function orderEvidence(o: Order) {
  return closeEvidenceOf({
    closeBid: o.closeBid === null ? null : toDbDecimal(o.closeBid),
    closeAsk: o.closeAsk === null ? null : toDbDecimal(o.closeAsk),
    closeQuotedAt: o.closeQuotedAt ? o.closeQuotedAt.toUTC().toISO() : null,
    closeSource: o.closeSource,
    closeEquity: o.closeEquity === null ? null : toDbDecimal(o.closeEquity),
    closeMargin: o.closeMargin === null ? null : toDbDecimal(o.closeMargin),
    closeMarginLevel: o.closeMarginLevel === null ? null : toDbDecimal(o.closeMarginLevel),
  })
}
