import { DateTime } from 'luxon'
import { toDbDecimal, type Money } from './money.js'
import { feedName } from './execution_evidence.js'

/*
 * Execution evidence (issue 24 item 2): the quote every close and fill used —
 * bid, ask, the quote's own time and the feed it came from — and, for a
 * stop-out, the account at the trigger. It answers "why was my position
 * closed there?" with the tick itself.
 */

/** Where a quote came from: a live provider, the simulator, or the instruments row ('stored'). */
export const QUOTE_SOURCES = [
  'polygon',
  'eodhd',
  'oanda',
  'currencyApi',
  'simulator',
  'stored',
] as const
export type QuoteSource = (typeof QUOTE_SOURCES)[number]

/** The provider behind each feed of the price book (a provider may run several feeds). */
const PROVIDER_OF_FEED: Record<string, QuoteSource> = {
  simulator: 'simulator',
  polygonForex: 'polygon',
  polygonCrypto: 'polygon',
  eodStock: 'eodhd',
  oandaRest: 'oanda',
  currencyApi: 'currencyApi',
}

/**
 * The source of a live quote of the price book. Every feed names itself; a
 * quote put without a feed is one this process made up (the simulator's kind).
 */
export function sourceOfFeed(feed: string | undefined): QuoteSource {
  return (feed && PROVIDER_OF_FEED[feed]) || 'simulator'
}

/** The quote a close or fill used: decimal strings and the quote's own time in epoch ms. */
export interface QuoteEvidence {
  bid: string
  ask: string
  at: number
  source?: QuoteSource
}

/** The account at a stop-out's trigger, exact. */
export interface AccountAtTrigger {
  equity: Money
  margin: Money
  marginLevel: Money | null
}

/** A timestamp column's value with its milliseconds (as close_time is written: local, no offset). */
export function timestampWithMillis(ms: number): string {
  return DateTime.fromMillis(ms).toSQL({ includeOffset: false })!
}

/** The `orders.close_*` columns of a close's evidence. */
export function closeEvidenceColumns(quote: QuoteEvidence, account?: AccountAtTrigger | null) {
  return {
    close_bid: toDbDecimal(quote.bid),
    close_ask: toDbDecimal(quote.ask),
    close_quoted_at: timestampWithMillis(quote.at),
    close_source: quote.source ?? null,
    close_equity: account ? toDbDecimal(account.equity) : null,
    close_margin: account ? toDbDecimal(account.margin) : null,
    close_margin_level: account && account.marginLevel ? toDbDecimal(account.marginLevel) : null,
  }
}

/** The `pending_orders.fill_*` columns of a fill's evidence. */
export function fillEvidenceColumns(quote: QuoteEvidence) {
  return {
    fill_bid: toDbDecimal(quote.bid),
    fill_ask: toDbDecimal(quote.ask),
    fill_quoted_at: timestampWithMillis(quote.at),
    fill_source: quote.source ?? null,
  }
}

/** The evidence as the audit of a staff close records it (strings, ISO time with milliseconds). */
export function evidenceForAudit(quote: QuoteEvidence) {
  return {
    bid: toDbDecimal(quote.bid),
    ask: toDbDecimal(quote.ask),
    quotedAt: new Date(quote.at).toISOString(),
    source: quote.source ?? null,
  }
}

/** How a source reads to a customer ("feed Polygon"): the one name table, execution_evidence.ts's. */
export function sourceLabel(source: string | null | undefined): string {
  return source ? feedName(source) : '—'
}

/** A quote's time as evidence reads it: UTC, to the millisecond ("2026-11-18 14:03:22.514 UTC"). */
export function formatQuoteTime(ms: number): string {
  return `${DateTime.fromMillis(ms, { zone: 'utc' }).toFormat('yyyy-MM-dd HH:mm:ss.SSS')} UTC`
}
