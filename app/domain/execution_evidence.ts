import { fillPlaceholders, type Vars } from './translate.js'
import { formatDecimal, formatMoney } from './formatting.js'

/*
 * Execution evidence of a close (issue 24 item 2) as the customer and staff
 * read it: "Closed by stop-loss at 1.08410 (bid), quote 14:03:22.514 UTC,
 * feed Polygon". Pure and browser-safe: the positions table, statements, the
 * staff trade view and the statement CSV build the same sentence. Each close
 * reason has its own whole-sentence template (a translator sees the sentence,
 * not fragments); the caller's `t` translates it with its placeholders.
 */

/** What the order API carries of a close's evidence (decimal strings, ISO time with milliseconds). */
export interface CloseEvidence {
  bid: string | null
  ask: string | null
  quotedAt: string | null
  source: string | null
  equity: string | null
  margin: string | null
  marginLevel: string | null
}

/** The stored columns as the order model reads them; null when nothing was stored (rows closed before issue 24). */
export function closeEvidenceOf(row: {
  closeBid: string | null
  closeAsk: string | null
  closeQuotedAt: string | null
  closeSource: string | null
  closeEquity: string | null
  closeMargin: string | null
  closeMarginLevel: string | null
}): CloseEvidence | null {
  const evidence: CloseEvidence = {
    bid: row.closeBid,
    ask: row.closeAsk,
    quotedAt: row.closeQuotedAt,
    source: row.closeSource,
    equity: row.closeEquity,
    margin: row.closeMargin,
    marginLevel: row.closeMarginLevel,
  }
  return Object.values(evidence).some((v) => v !== null) ? evidence : null
}

/** Feed names as the products call themselves, by the stored source (case and separators ignored). */
const FEED_NAMES: Record<string, string> = {
  polygon: 'Polygon',
  eodhd: 'EODHD',
  oanda: 'OANDA',
  currencyapi: 'CurrencyAPI',
  simulator: 'Simulator',
  stored: 'Stored price',
}

/** Feeds named by a word rather than a product: translated like the sentence around them. */
const WORD_FEEDS: ReadonlySet<string> = new Set(['Simulator', 'Stored price'])

/** A stored feed source as its product name ('polygon' → 'Polygon'); an unknown one as stored. */
export function feedName(source: string): string {
  return FEED_NAMES[source.toLowerCase().replace(/[^a-z]/g, '')] ?? source
}

/** The feed as a reader of `t`'s language sees it: product names as they are, words translated. */
export function feedText(source: string, t: (key: string) => string): string {
  const name = feedName(source)
  return WORD_FEEDS.has(name) ? t(name) : name
}

/** A buy is closed by selling at the bid; a sell by buying at the ask. */
export function closingSide(type: string): 'bid' | 'ask' {
  return type === 'sell' ? 'ask' : 'bid'
}

/** The quote's own time of day in UTC with milliseconds ("14:03:22.514"), or null when unreadable. */
export function quoteClock(iso: string): string | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(11, 23)
}

const TAIL = 'at {price} ({side}), quote {time} UTC, feed {feed}'

/** One sentence per way a position closes (keys of the translation dictionary). */
export const EVIDENCE_TEMPLATES = {
  manual: `Closed manually ${TAIL}`,
  partial: `Partially closed ${TAIL}`,
  take_profit: `Closed by take-profit ${TAIL}`,
  stop_loss: `Closed by stop-loss ${TAIL}`,
  trailing_stop: `Closed by trailing stop ${TAIL}`,
  stop_out: `Stopped out ${TAIL}`,
  stop_out_account: `Stopped out ${TAIL}; equity {equity}, margin {margin}, margin level {level}`,
  admin: `Closed by the broker ${TAIL}`,
  other: `Closed ${TAIL}`,
} as const

/** The closing-side words and the feed names that are words, translated like the sentences. */
export const EVIDENCE_WORDS = ['bid', 'ask', 'Simulator', 'Stored price'] as const

export type Translate = (key: string, vars?: Vars) => string

export interface EvidenceInput {
  type: string
  closeReason: string | null
  /** A partial close's own row (it names the ticket it was closed from). */
  partial: boolean
  closeEvidence: CloseEvidence | null
  /** The instrument's price digits. */
  digits: number
  /** The wallet's currency, for the stop-out's equity and margin. */
  currency?: string | null
}

/** Which template a close reads with. */
export function evidenceTemplate(input: EvidenceInput): string {
  const e = input.closeEvidence
  switch (input.closeReason) {
    case 'stop_out':
      return e && e.equity !== null && e.margin !== null && e.marginLevel !== null
        ? EVIDENCE_TEMPLATES.stop_out_account
        : EVIDENCE_TEMPLATES.stop_out
    case 'take_profit':
    case 'stop_loss':
    case 'trailing_stop':
    case 'admin':
      return EVIDENCE_TEMPLATES[input.closeReason]
    case 'manual':
      return input.partial ? EVIDENCE_TEMPLATES.partial : EVIDENCE_TEMPLATES.manual
    default:
      return EVIDENCE_TEMPLATES.other
  }
}

const identity: Translate = (key, vars) => fillPlaceholders(key, vars)

/**
 * The evidence sentence of a closed row, translated by `t` (English without
 * it), or null when the row has no evidence: open, or closed before evidence
 * was stored, or missing the quote of its closing side.
 */
export function closeEvidenceText(input: EvidenceInput, t: Translate = identity): string | null {
  const e = input.closeEvidence
  if (!e) return null
  const side = closingSide(input.type)
  const price = side === 'bid' ? e.bid : e.ask
  const time = e.quotedAt ? quoteClock(e.quotedAt) : null
  if (price === null || time === null || e.source === null) return null
  const vars: Vars = {
    price: formatDecimal(price, input.digits),
    side: t(side),
    time,
    feed: feedText(e.source, t),
  }
  const template = evidenceTemplate(input)
  if (template === EVIDENCE_TEMPLATES.stop_out_account) {
    vars.equity = formatMoney(e.equity!, input.currency, 2)
    vars.margin = formatMoney(e.margin!, input.currency, 2)
    vars.level = `${formatDecimal(e.marginLevel!, 2)}%`
  }
  return t(template, vars)
}
