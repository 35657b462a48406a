import priceBook from '#services/market/price_book'
import type { FeedName } from '#services/market/feed_health'
import { priceDecimals } from '#domain/instruments'
import { money } from '#domain/money'
import type { FeedInstrument } from '#services/market/feeds/provider'

/** A price as a provider sent it: a decimal string, or a JSON number. */
export type RawPrice = string | number | null | undefined

export interface RawQuote {
  bid: RawPrice
  ask: RawPrice
  /** Defaults to bid/ask: only OANDA sends separate closeout prices. */
  closeoutBid?: RawPrice
  closeoutAsk?: RawPrice
  tradeable?: boolean
}

/**
 * A provider price as a decimal string with the instrument's decimals, or null
 * when it is not a positive finite number. A JSON number is read through
 * String(), the shortest text that parses back to it: the digits the provider
 * wrote, never a binary-float artefact.
 */
export function normalizePrice(raw: RawPrice, decimals: number): string | null {
  if (raw === null || raw === undefined) return null
  if (typeof raw === 'number' && !Number.isFinite(raw)) return null
  const text = typeof raw === 'number' ? String(raw) : raw.trim()
  if (!/^\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return null
  const value = money(text)
  if (!value.isFinite() || value.lte(0)) return null
  return value.toFixed(decimals)
}

/**
 * Turns one adapter's provider quotes into price-book quotes: only for its own
 * instruments, normalized, and marked with its feed so every quote is a tick.
 */
export class QuoteWriter {
  #decimals = new Map<string, number>()
  #instruments = new Map<string, FeedInstrument>()

  constructor(
    readonly feed: FeedName,
    instruments: readonly FeedInstrument[],
    private now: () => number = Date.now
  ) {
    for (const i of instruments) this.#instruments.set(i.name, i)
  }

  get names(): string[] {
    return [...this.#instruments.keys()]
  }

  has(name: string) {
    return this.#instruments.has(name)
  }

  /** Writes the quote; false when it is not ours or not a sane price (ignored). */
  put(name: string, raw: RawQuote): boolean {
    const instrument = this.#instruments.get(name)
    if (!instrument) return false
    const decimals = this.#decimalsOf(instrument, raw.bid)
    if (decimals === null) return false
    const bids = normalizePrice(raw.bid, decimals)
    const asks = normalizePrice(raw.ask, decimals)
    // A crossed book (ask under bid) is a bad print, never a price to trade on.
    if (!bids || !asks || money(asks).lt(bids)) return false
    const closeoutBid =
      raw.closeoutBid === undefined ? bids : (normalizePrice(raw.closeoutBid, decimals) ?? bids)
    const closeoutAsk =
      raw.closeoutAsk === undefined ? asks : (normalizePrice(raw.closeoutAsk, decimals) ?? asks)
    priceBook.put({
      name,
      bids,
      asks,
      closeoutBid,
      closeoutAsk,
      at: this.now(),
      category: instrument.category,
      feed: this.feed,
      ...(raw.tradeable === false ? { tradeable: false } : {}),
    })
    return true
  }

  /** Fixed per instrument from its stored price, else from the first price seen. */
  #decimalsOf(instrument: FeedInstrument, firstPrice: RawPrice): number | null {
    const known = this.#decimals.get(instrument.name)
    if (known !== undefined) return known
    const level =
      instrument.storedBid ??
      (firstPrice === null || firstPrice === undefined ? null : String(firstPrice))
    if (level === null || !/^\d/.test(level)) return null
    const decimals = priceDecimals(instrument.category, instrument.quote, level)
    this.#decimals.set(instrument.name, decimals)
    return decimals
  }
}
