import type PendingOrder from '#models/pending_order'
import { toDbDecimal } from '#domain/money'
import { formatTableDate } from '#domain/date_format'
import { priceDecimals } from '#domain/instruments'
import {
  PENDING_EXPIRY_LABELS,
  PENDING_REASON_TEXT,
  pendingOrderLabel,
} from '#domain/pending_orders'

/** A row of the Pending Orders tab, the orders history and the staff list (issue 23 item 1). */
export function pendingOrderRow(p: PendingOrder) {
  const price = toDbDecimal(p.price)
  return {
    id: p.id,
    createdTime: formatTableDate(p.createdAt),
    type: p.type,
    execution: p.execution,
    /** 'Buy Limit', 'Sell Stop'… (the pages translate it). */
    label: pendingOrderLabel(p.type, p.execution),
    instrument: p.instrument,
    pair: `${p.baseSymbol}/${p.quoteSymbol}`,
    quote: p.quoteSymbol,
    /** Rates show with this many fraction digits (the instrument's). */
    digits: priceDecimals(p.kind, p.quoteSymbol, price),
    units: toDbDecimal(p.tradeAmount),
    price,
    takeProfit: p.profit === null ? null : toDbDecimal(p.profit),
    stopLoss: p.loss === null ? null : toDbDecimal(p.loss),
    expiry: p.expiry,
    expiresAt: p.expiresAt ? p.expiresAt.toUTC().toISO() : null,
    /** 'Good till cancelled', or the moment it expires as the tables show dates. */
    expiresText: p.expiresAt ? formatTableDate(p.expiresAt) : PENDING_EXPIRY_LABELS.gtc,
    status: p.status,
    reason: p.reason,
    reasonText: p.reason ? PENDING_REASON_TEXT[p.reason] : null,
    orderId: p.orderId,
    fillRate: p.fillRate === null ? null : toDbDecimal(p.fillRate),
    resolvedTime: p.resolvedAt ? formatTableDate(p.resolvedAt) : null,
    marginRequired: toDbDecimal(p.marginRequired),
  }
}

export type PendingOrderRow = ReturnType<typeof pendingOrderRow>
