import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import currencyRates from '#services/market/feeds/currency_rates'
import { conversionRate, midPrice } from '#domain/conversion'
import type { Category } from '#domain/instruments'
import { money, toDbDecimal, type Money } from '#domain/money'
import type { OrderType } from '#domain/trading'
import { swapAmount, swapDays, swapNotional, swapRate, type TripleDays } from '#domain/swaps'

/**
 * SQL for "this position's plan pays and earns swaps", on the plan row's alias: a swap-free
 * plan pays and earns nothing; a customer without a plan (the LEFT JOIN's NULL) pays. One
 * text for the rollover's three reads (SQLite and PostgreSQL both know IS NOT TRUE).
 */
export function paysSwapsSql(planAlias: string): string {
  return `${planAlias}.swap_free IS NOT TRUE`
}

/** An open position as the rollover reads it. */
export interface RolloverPosition {
  id: number
  userId: number
  balanceId: number
  instrument: string
  kind: Category
  type: OrderType
  tradeAmount: string
  currency: string
}

/** One size of position, as the rollover prices it. */
export type PositionSize = Pick<
  RolloverPosition,
  'instrument' | 'kind' | 'type' | 'currency' | 'tradeAmount'
>

/** What one size of position pays or earns on the day. */
export interface PricedSize {
  notional: Money
  rate: Money
  days: number
  amount: Money
  /** amount, rate and notional as the claim stores them: formatted once per priced size, not per row. */
  stored: StoredFigures
}

export type SizePrice = PricedSize | 'none' | 'unpriced'

export interface PlannedCharge {
  orderId: number
  userId: number
  balanceId: number
  currency: string
  instrument: string
  type: OrderType
  notional: Money
  rate: Money
  days: number
  amount: Money
  /** amount, rate and notional as the claim stores them: formatted once per priced size, not per row. */
  stored: StoredFigures
}

export interface StoredFigures {
  amount: string
  rate: string
  notional: string
}

const MEMO_LIMIT = 100_000

interface PricedInstrument {
  quote: string
  rates: Record<OrderType, Money>
  /** The position's closing side: a buy is valued at the bid, a sell at the ask. */
  prices: Record<OrderType, string> | null
}

/**
 * Everything a rollover prices positions with, read once per run: every
 * instrument's side rates and current quote (this process's price book, else
 * the stored prices), and conversion rates from the listed pairs' mids,
 * cached per quote and wallet currency. A past day caught up late is priced
 * at the current quote: the books keep no quote history to value it at.
 */
export class RolloverPricing {
  #instruments = new Map<string, PricedInstrument>()
  #mids = new Map<string, string>()
  #conversions = new Map<string, Money | null>()
  #days = new Map<Category, number>()
  /** Positions of one size on one side of one instrument in one currency cost the same: computed once. */
  #amounts = new Map<string, PricedSize>()

  private constructor(
    readonly date: string,
    readonly tripleDays: TripleDays
  ) {}

  static async load(date: string, tripleDays: TripleDays) {
    const pricing = new RolloverPricing(date, tripleDays)
    for (const instrument of await Instrument.all()) {
      const { bids, asks } = priceBook.latest(instrument)
      const quoted = !!bids && !!asks && money(bids).greaterThan(0) && money(asks).greaterThan(0)
      pricing.#instruments.set(instrument.name, {
        quote: instrument.quote,
        rates: { buy: swapRate('buy', instrument), sell: swapRate('sell', instrument) },
        prices: quoted ? { buy: bids!, sell: asks! } : null,
      })
      if (quoted && instrument.category === 'forex') {
        pricing.#mids.set(instrument.name, midPrice(bids!, asks!).toFixed())
      }
    }
    return pricing
  }

  /**
   * The position's swap for this day, or null when it owes nothing (no
   * rollover for its category that day, a zero rate or amount) or cannot be
   * priced (no quote or no conversion: `unpriced` counts it).
   */
  charge(position: RolloverPosition, unpriced: { count: number }): PlannedCharge | null {
    const priced = this.priceSize(position)
    if (priced === 'unpriced') unpriced.count++
    if (priced === 'unpriced' || priced === 'none') return null
    return {
      orderId: position.id,
      userId: position.userId,
      balanceId: position.balanceId,
      currency: position.currency,
      instrument: position.instrument,
      type: position.type,
      ...priced,
    }
  }

  /**
   * What every position of one size (instrument, category, side, wallet currency, trade amount)
   * pays or earns this day: its figures, 'none' (nothing owed: no rollover for its category that
   * day, a zero rate or amount) or 'unpriced' (no quote or no conversion rate to value it at).
   */
  priceSize(size: PositionSize): SizePrice {
    const days = this.#daysOf(size.kind)
    if (days === 0) return 'none'
    const instrument = this.#instruments.get(size.instrument)
    if (!instrument) return 'unpriced'
    const rate = instrument.rates[size.type]
    if (!rate || rate.isZero()) return 'none'
    const conversion = this.#conversion(instrument.quote, size.currency)
    if (!instrument.prices || !conversion || conversion.isZero()) return 'unpriced'
    // The kind too: it sets the days, and orders keep the kind they opened with (an instrument
    // moved to another category leaves both kinds open).
    const key = `${size.instrument}|${size.kind}|${size.type}|${size.currency}|${size.tradeAmount}`
    let priced = this.#amounts.get(key)
    if (!priced) {
      const input = {
        units: size.tradeAmount,
        price: instrument.prices[size.type],
        conversion,
        rate,
        days,
        currency: size.currency,
      }
      const notional = swapNotional(input)
      const amount = swapAmount(input)
      priced = {
        notional,
        rate,
        days,
        amount,
        stored: {
          amount: toDbDecimal(amount),
          rate: rate.toDecimalPlaces(4).toFixed(),
          notional: notional.toDecimalPlaces(2).toFixed(),
        },
      }
      if (this.#amounts.size >= MEMO_LIMIT) this.#amounts.clear()
      this.#amounts.set(key, priced)
    }
    return priced.amount.isZero() ? 'none' : priced
  }

  #daysOf(category: Category) {
    let days = this.#days.get(category)
    if (days === undefined) {
      days = swapDays(category, this.date, this.tripleDays)
      this.#days.set(category, days)
    }
    return days
  }

  #conversion(quote: string, currency: string) {
    const key = `${quote}/${currency}`
    if (!this.#conversions.has(key)) {
      this.#conversions.set(
        key,
        conversionRate(quote, currency, (pair) => this.#mids.get(pair)) ??
          currencyRates.rate(quote, currency)
      )
    }
    return this.#conversions.get(key)!
  }
}
