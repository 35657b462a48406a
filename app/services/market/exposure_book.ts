import type { Category } from '#domain/instruments'
import { conversionRate, midPrice } from '#domain/conversion'
import {
  BOOK_MODES,
  applyToSide,
  atOrBelowMarginCall,
  emptySide,
  exposureFigures,
  marginLevel,
  topBy,
  usdPerUnit,
  type BookMode,
  type ExposureFigures,
  type InstrumentSums,
  type Quote,
  type SideSums,
} from '#domain/exposure'

/*
 * The risk engine's exposure aggregate (issue 24 item 3). The engine tells it
 * of every position it adds or removes; it keeps the running sums per
 * instrument, mode and side (app/domain/exposure.ts), so the per-instrument
 * figures of a snapshot cost nothing per position. The account rankings walk
 * the engine's instrument lists once (one multiply-add per position), which
 * is what lets them use current prices.
 */

/** What the book needs of the engine's position (its own fields, structurally). */
export interface ExposedPosition {
  amount: number
  openRate: number
  spread: number
  type: 'buy' | 'sell'
  account: ExposedAccount
  /** The side sums it was filed under (null: its wallet's mode is not known yet). */
  exposure: SideSums | null
  /** Its account's slot in the notional array (the snapshot's hot loop touches no account object). */
  accountSlot: number
}

export interface ExposedAccount {
  balanceId: number
  userId: number
  mode: BookMode | null
  currency: string
  balance: number
  margin: number
  /** Σ of its positions' P/L in the account currency (the engine keeps it per tick). */
  pl: number
  positions: { size: number }
  /** Scratch of the snapshot being built: gross notional in USD. */
  usdNotional: number
  /** Its index in the notional array; −1 until its first position is filed. */
  exposureSlot: number
}

export interface AccountFigures {
  balanceId: number
  userId: number
  currency: string
  positions: number
  usdNotional: number
  /** In USD. */
  unrealizedPl: number | null
  /** In the account currency. */
  equity: number
  margin: number
  marginLevel: number | null
}

export interface ModeFigures {
  rows: ExposureFigures[]
  topByNotional: AccountFigures[]
  topByUnrealizedPl: AccountFigures[]
  /** Lowest margin level first, at most MARGIN_CALL_LIST. */
  marginCalls: AccountFigures[]
  marginCallCount: number
}

export const TOP_ACCOUNTS = 10
export const MARGIN_CALL_LIST = 100

type PriceLookup = (instrument: string) => Quote | null

export class ExposureBook {
  /** `${mode} ${instrument}` → sums. */
  #sums = new Map<string, InstrumentSums & { mode: BookMode }>()
  /**
   * Account slots handed out since the last clear (never reused: a dropped
   * wallet's slot costs 8 bytes until the next cold start).
   */
  #slots = 0
  #notional = new Float64Array(1024)

  clear() {
    this.#sums.clear()
    this.#slots = 0
  }

  /** Files a position under its wallet's mode (nothing yet when the mode is unknown). */
  add(p: ExposedPosition, instrument: string, category: Category, quote: string) {
    p.exposure = null
    if (p.account.exposureSlot < 0) p.account.exposureSlot = this.#slots++
    p.accountSlot = p.account.exposureSlot
    const mode = p.account.mode
    if (!mode) return
    const key = `${mode} ${instrument}`
    let sums = this.#sums.get(key)
    if (!sums) {
      sums = { mode, instrument, category, quote, long: emptySide(), short: emptySide() }
      this.#sums.set(key, sums)
    }
    p.exposure = p.type === 'sell' ? sums.short : sums.long
    applyToSide(p.exposure, p, 1)
  }

  remove(p: ExposedPosition) {
    if (p.exposure) applyToSide(p.exposure, p, -1)
    p.exposure = null
  }

  /** A wallet whose mode became known (or changed): its positions move to that mode's sums. */
  refile(
    positions: Iterable<ExposedPosition & { instrument: string; kind: Category; quote: string }>
  ) {
    for (const p of positions) {
      this.remove(p)
      this.add(p, p.instrument, p.kind, p.quote)
    }
  }

  /** The sums of one instrument (tests). */
  sums(mode: BookMode, instrument: string): InstrumentSums | null {
    return this.#sums.get(`${mode} ${instrument}`) ?? null
  }

  /**
   * Every figure of both modes at these prices. `lists` are the engine's
   * positions per instrument; `accounts` its wallets.
   */
  figures(
    lists: Iterable<[string, readonly ExposedPosition[]]>,
    accounts: Iterable<ExposedAccount>,
    price: PriceLookup,
    marginCallLevel: number
  ): Record<BookMode, ModeFigures> {
    const usd = usdConverter(price)
    const rows: Record<BookMode, ExposureFigures[]> = { real: [], demo: [] }
    /** USD per unit held of each instrument (mid × quote→USD), for the account notionals. */
    const perUnit = new Map<string, number>()
    for (const sums of this.#sums.values()) {
      if (sums.long.positions + sums.short.positions === 0) continue
      const quote = price(sums.instrument)
      const usdPerQuote = usd(sums.quote)
      rows[sums.mode].push(exposureFigures(sums, quote, usdPerQuote))
      if (quote && usdPerQuote !== null)
        perUnit.set(sums.instrument, ((quote.bid + quote.ask) / 2) * usdPerQuote)
    }
    if (this.#notional.length < this.#slots) this.#notional = new Float64Array(this.#slots * 2)
    const notional = this.#notional
    notional.fill(0, 0, this.#slots)
    // One multiply-add per position into a flat array, an instrument at a time (its unit value looked up once).
    for (const [instrument, list] of lists) {
      const unit = perUnit.get(instrument)
      if (unit === undefined) continue
      for (const p of list) notional[p.accountSlot] += p.amount * unit
    }
    const all: ExposedAccount[] = []
    for (const account of accounts) {
      account.usdNotional = account.exposureSlot < 0 ? 0 : notional[account.exposureSlot]
      all.push(account)
    }
    const out = {} as Record<BookMode, ModeFigures>
    for (const mode of BOOK_MODES) {
      // Scored in place; figures are built only for the few accounts listed.
      const held = all.filter((a) => a.mode === mode && a.positions.size > 0)
      const plUsd = (a: ExposedAccount) => {
        const rate = usd(a.currency)
        return rate === null ? Number.NaN : a.pl * rate
      }
      const level = (a: ExposedAccount) => marginLevel(a.balance + a.pl, a.margin)
      const calls = held
        .filter((a) => atOrBelowMarginCall(level(a), marginCallLevel))
        .sort((a, b) => level(a)! - level(b)!)
      const figuresOf = (a: ExposedAccount) => accountFigures(a, usd(a.currency))
      out[mode] = {
        rows: rows[mode].sort((a, b) => (a.instrument < b.instrument ? -1 : 1)),
        topByNotional: topBy(held, (a) => a.usdNotional, TOP_ACCOUNTS).map(figuresOf),
        topByUnrealizedPl: topBy(held, plUsd, TOP_ACCOUNTS).map(figuresOf),
        marginCalls: calls.slice(0, MARGIN_CALL_LIST).map(figuresOf),
        marginCallCount: calls.length,
      }
    }
    return out
  }
}

function accountFigures(account: ExposedAccount, usdPerAccountUnit: number | null): AccountFigures {
  const equity = account.balance + account.pl
  return {
    balanceId: account.balanceId,
    userId: account.userId,
    currency: account.currency,
    positions: account.positions.size,
    usdNotional: account.usdNotional,
    unrealizedPl: usdPerAccountUnit === null ? null : account.pl * usdPerAccountUnit,
    equity,
    margin: account.margin,
    marginLevel: marginLevel(equity, account.margin),
  }
}

/** USD per unit of a currency at these prices (conversion.ts's rules), memoized for one snapshot. */
function usdConverter(price: PriceLookup) {
  const memo = new Map<string, number | null>()
  const mid = (pair: string) => {
    const q = price(pair)
    return q ? midPrice(q.bid, q.ask) : null
  }
  return (currency: string) => {
    let value = memo.get(currency)
    if (value === undefined) {
      const rate = conversionRate(currency || 'USD', 'USD', mid)
      value = usdPerUnit(rate ? rate.toNumber() : null)
      memo.set(currency, value)
    }
    return value
  }
}
