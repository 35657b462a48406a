import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { applyRollover } from '#actions/swaps/apply_rollover'
import type { Fence } from '#services/market/market_lease'
import { dueRolloverDates } from '#domain/rollover_schedule'
import { latestRolloverDate } from '#domain/swaps'

export const ROLLOVER_CHECK_MS = 30_000

export interface RolloverSchedulerOptions {
  /** The market lease's fence: a deposed holder's batches roll back. */
  fence?: Fence
  checkMs?: number
  now?: () => DateTime
  /** Called after each finished day (the end-of-day reconciliation). */
  afterRollover?: (date: string) => Promise<void>
}

/**
 * The market role's rollover step: at start and every ~30 s it runs each
 * rollover day that is due (dueRolloverDates), oldest first. A restart, a
 * takeover by another market process or a day missed while nothing ran is
 * caught up here; the rollover itself is exactly-once per position and day,
 * so a run the previous holder left half done is simply finished.
 */
export class RolloverScheduler {
  #options: RolloverSchedulerOptions
  #timer: NodeJS.Timeout | null = null
  #running: Promise<string[]> | null = null
  #stopped = false

  constructor(options: RolloverSchedulerOptions = {}) {
    this.#options = options
  }

  start() {
    this.#stopped = false
    this.#tick()
    return () => this.stop()
  }

  async stop() {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#running?.catch(() => {})
  }

  /** Runs the due days now (one run at a time); the days it finished. */
  runDue(): Promise<string[]> {
    this.#running ??= this.#runDue().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  #tick() {
    this.runDue()
      .catch((error) => logger.error({ err: error }, 'rollover: run failed; retried shortly'))
      .finally(() => {
        if (this.#stopped) return
        this.#timer = setTimeout(() => this.#tick(), this.#options.checkMs ?? ROLLOVER_CHECK_MS)
      })
  }

  async #runDue() {
    const latest = latestRolloverDate(this.#options.now?.() ?? DateTime.now())
    const rows: { rollover_date: string; finished_at: unknown }[] = await db
      .from('rollovers')
      .select('rollover_date', 'finished_at')
    const finished = rows.filter((r) => r.finished_at !== null).map((r) => r.rollover_date)
    const lastFinished = finished.length ? finished.sort()[finished.length - 1] : null
    const unfinished = rows.filter((r) => r.finished_at === null).map((r) => r.rollover_date)
    const done: string[] = []
    for (const date of dueRolloverDates(latest, lastFinished, unfinished)) {
      if (this.#stopped) break
      const result = await applyRollover(date, { fence: this.#options.fence })
      logger.info(
        { date, charged: result.charged, unpriced: result.unpriced, totals: result.totals },
        `rollover ${date}: ${result.charged} positions charged`
      )
      done.push(date)
      await this.#options.afterRollover?.(date)
    }
    return done
  }
}
