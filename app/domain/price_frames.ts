import { isCategory, type Category } from './instruments.js'

/*
| The wire format of live prices (issue 25 item 3), shared by the server's
| encoder (app/services/market/price_stream.ts) and the browser's decoder
| (inertia/hooks/use_prices.ts).
|
| A tab subscribes to the price channels of what it shows: one per market
| watch category (`prices/forex`) and one per single instrument
| (`prices/i/EUR_USD`: a favourite, an open position, the chart). Every
| subscriber of a channel gets the same bytes, so each frame is encoded once
| per channel, never per tab. The plain `prices` channel carries no quotes any
| more, only the control frames (stale, catalog, translations).
|
| A frame's payload is an array of quotes, each a positional tuple
| `[name, bid, ask]`: the bid exactly as quoted (a decimal string with the
| instrument's digits), the ask as whole points above the bid when both have
| the same digits (`["EUR_USD","1.08450",12]` is ask 1.08462), else as its own
| string. Only instruments whose bid or ask changed since the previous frame
| are in a frame; a tab that subscribes first gets the channel's full
| snapshot, in the same format.
*/

export type QuoteTuple = [name: string, bid: string, ask: number | string]

/** One instrument's price as pages use it. */
export interface WireQuote {
  name: string
  bids: string
  asks: string
}

const CATEGORY_PREFIX = 'prices/'
const INSTRUMENT_PREFIX = 'prices/i/'
/** Instrument names as the instrument form accepts them (app/validators/instruments.ts). */
const INSTRUMENT_NAME = /^[A-Z0-9][A-Z0-9._-]{0,63}$/

/** The channel of every instrument of a market watch category. */
export function priceCategoryChannel(category: Category) {
  return `${CATEGORY_PREFIX}${category}`
}

/** The channel of one instrument. */
export function priceInstrumentChannel(name: string) {
  return `${INSTRUMENT_PREFIX}${name}`
}

/** What a price channel carries, or null when the name is no price channel. */
export function parsePriceChannel(
  channel: string
): { category: Category } | { instrument: string } | null {
  if (channel.startsWith(INSTRUMENT_PREFIX)) {
    const name = channel.slice(INSTRUMENT_PREFIX.length)
    return INSTRUMENT_NAME.test(name) ? { instrument: name } : null
  }
  if (channel.startsWith(CATEGORY_PREFIX)) {
    const category = channel.slice(CATEGORY_PREFIX.length)
    return isCategory(category) ? { category } : null
  }
  return null
}

/** A plain decimal without sign, exponent or leading zeros, whose digits fit a safe integer. */
const PLAIN = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?$/

function decimalsOf(price: string) {
  const dot = price.indexOf('.')
  return dot < 0 ? 0 : price.length - dot - 1
}

/** The price in whole points of its last digit (`"1.08450"` → 108450), or null when it does not fit. */
function pointsOf(price: string): number | null {
  if (!PLAIN.test(price)) return null
  const points = Number(price.replace('.', ''))
  return Number.isSafeInteger(points) ? points : null
}

/** The tuple of one quote. */
export function encodeQuote(name: string, bids: string, asks: string): QuoteTuple {
  if (decimalsOf(bids) === decimalsOf(asks)) {
    const bid = pointsOf(bids)
    const ask = pointsOf(asks)
    if (bid !== null && ask !== null) return [name, bids, ask - bid]
  }
  return [name, bids, asks]
}

/** The quote a tuple stands for (the exact strings that were encoded). */
export function decodeQuote([name, bids, ask]: QuoteTuple): WireQuote {
  if (typeof ask === 'string') return { name, bids, asks: ask }
  const decimals = decimalsOf(bids)
  const digits = String(Number(bids.replace('.', '')) + ask).padStart(decimals + 1, '0')
  const asks = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits
  return { name, bids, asks }
}

/** A frame's payload for these quotes. */
export function encodeQuotes(quotes: readonly WireQuote[]): QuoteTuple[] {
  return quotes.map((q) => encodeQuote(q.name, q.bids, q.asks))
}

/** The quotes of a price channel's payload; anything that is not one (another frame) gives none. */
export function decodeQuotes(payload: unknown): WireQuote[] {
  if (!Array.isArray(payload)) return []
  const out: WireQuote[] = []
  for (const tuple of payload) {
    if (
      Array.isArray(tuple) &&
      typeof tuple[0] === 'string' &&
      typeof tuple[1] === 'string' &&
      (typeof tuple[2] === 'number' || typeof tuple[2] === 'string')
    ) {
      out.push(decodeQuote(tuple as QuoteTuple))
    }
  }
  return out
}
