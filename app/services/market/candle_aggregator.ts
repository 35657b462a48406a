import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Candle from '#models/candle'
import priceBook from '#services/market/price_book'
import type { Fence } from '#services/market/market_lease'
import {
  applyTick,
  CANDLE_INTERVALS,
  mergeCandles,
  type Candle as Bar,
  type CandleInterval,
} from '#domain/candles'

/** Bars reach the database at most this late. */
export const CANDLE_FLUSH_MS = 5000

const key = (instrument: string, interval: CandleInterval) => `${instrument}|${interval}`

/**
 * Builds bid-price bars for every interval from the quotes of the price book
 * and stores them. A bar first seen after a restart is merged with the stored
 * one for its bucket rather than overwriting it.
 */
class CandleAggregator {
  #bars = new Map<string, Bar>()
  #dirty = new Set<string>()
  /** Bars whose bucket ended before they were written. */
  #finished: { key: string; bar: Bar }[] = []
  /** Per bar key, the bucket already reconciled with the database. */
  #reconciled = new Map<string, number>()
  #flushing: Promise<void> | null = null
  /** The market lease's fence: a deposed market process writes no bars. */
  #fence: Fence | undefined

  start(options: { fence?: Fence } = {}) {
    this.#fence = options.fence
    const off = priceBook.onQuote((q) => {
      for (const interval of CANDLE_INTERVALS) {
        const k = key(q.name, interval)
        const previous = this.#bars.get(k)
        const next = applyTick(previous ?? null, interval, q.bids, q.at)
        if (!next) continue
        if (previous && next.start > previous.start && this.#dirty.has(k)) {
          this.#finished.push({ key: k, bar: previous })
        }
        this.#bars.set(k, next)
        this.#dirty.add(k)
      }
    })
    const timer = setInterval(() => this.flush(), CANDLE_FLUSH_MS)
    return async () => {
      off()
      clearInterval(timer)
      await this.flush()
    }
  }

  /** The bar being built now, fresher than the stored one. */
  current(instrument: string, interval: CandleInterval): Bar | undefined {
    return this.#bars.get(key(instrument, interval))
  }

  flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = null
    })
    return this.#flushing
  }

  async #write() {
    const finished = this.#finished.splice(0)
    const keys = [...this.#dirty]
    this.#dirty.clear()
    if (keys.length === 0 && finished.length === 0) return
    try {
      const fence = this.#fence
      await db.transaction(async (trx) => {
        await fence?.(trx)
        for (const { key: k, bar } of finished) await this.#store(trx, k, bar)
        for (const k of keys) this.#bars.set(k, await this.#store(trx, k, this.#bars.get(k)!))
      })
    } catch (error) {
      this.#finished.unshift(...finished)
      keys.forEach((k) => this.#dirty.add(k))
      logger.warn({ err: error }, 'candles not stored')
    }
  }

  /** Writes one bar, first merging it with a stored bar of the same bucket it has not seen yet. */
  async #store(trx: TransactionClientContract, k: string, bar: Bar): Promise<Bar> {
    const [instrument, interval] = k.split('|') as [string, CandleInterval]
    const stored = await Candle.query({ client: trx })
      .where('instrument', instrument)
      .where('interval', interval)
      .where('start_ms', bar.start)
      .first()
    let result = bar
    if (stored && this.#reconciled.get(k) !== bar.start) {
      result = mergeCandles(
        {
          start: stored.startMs,
          open: stored.open,
          high: stored.high,
          low: stored.low,
          close: stored.close,
          ticks: stored.ticks,
        },
        bar
      )
    }
    this.#reconciled.set(k, bar.start)
    const values = {
      open: result.open,
      high: result.high,
      low: result.low,
      close: result.close,
      ticks: result.ticks,
    }
    if (stored) await stored.useTransaction(trx).merge(values).save()
    else
      await Candle.create({ instrument, interval, startMs: bar.start, ...values }, { client: trx })
    return result
  }

  reset() {
    this.#bars.clear()
    this.#dirty.clear()
    this.#finished = []
    this.#reconciled.clear()
  }
}

const candleAggregator = new CandleAggregator()
export default candleAggregator
