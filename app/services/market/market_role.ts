import logger from '@adonisjs/core/services/logger'
import { LEASE_RENEW_MS, LEASE_RETRY_MS } from '#domain/market_lease'
import type { Fence, MarketLease } from '#services/market/market_lease'

/** What a started part of the role returns: stops it. */
export type RoleStop = () => void | Promise<void>

/** Starts one part of the role (price fan-out, risk engine, feeds…) for the lease held at `epoch`. */
export type RoleStep = (ctx: { epoch: number; fence: Fence }) => RoleStop | Promise<RoleStop>

type RoleLog = Pick<typeof logger, 'info' | 'warn' | 'error'>

export interface MarketRoleOptions {
  lease: Pick<MarketLease, 'holder' | 'acquire' | 'renew' | 'release' | 'fence' | 'status'>
  /** Started in this order once the lease is held; stopped in reverse (the feeds, last, stop first). */
  steps: RoleStep[]
  renewMs?: number
  retryMs?: number
  log?: RoleLog
}

/**
 * The market role's lifecycle (issue 22 item 1): stand by until the lease is
 * ours, then start the role's parts, each resuming from the database; renew
 * the lease every second; the moment a renewal fails or finds another holder,
 * stop every part (feeds first) and stand by again. A graceful stop ends the
 * parts while the lease is still held (their last writes pass the fence) and
 * then releases it, so a standby takes over at its next try.
 */
export class MarketRole {
  #options: Required<Omit<MarketRoleOptions, 'log'>> & { log: RoleLog }
  #epoch: number | null = null
  #stops: RoleStop[] = []
  #starting: Promise<void> | null = null
  #timer: NodeJS.Timeout | null = null
  #tick: Promise<void> | null = null
  #closed = false
  #standbyHolder: string | null | undefined = undefined

  constructor(options: MarketRoleOptions) {
    this.#options = {
      renewMs: LEASE_RENEW_MS,
      retryMs: LEASE_RETRY_MS,
      log: logger,
      ...options,
    }
  }

  /** The epoch held now, or null while standing by. */
  get epoch() {
    return this.#epoch
  }

  get active() {
    return this.#epoch !== null
  }

  /** Starts competing for the lease. */
  start() {
    this.#closed = false
    this.#schedule(0)
  }

  /** Resolves when the parts started for the current epoch are all up (tests). */
  async started() {
    while (this.#starting) await this.#starting
  }

  /** Graceful shutdown: stops the parts, then releases the lease. */
  async stop() {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#tick
    const epoch = this.#epoch
    if (epoch === null) return
    await this.#deactivate()
    try {
      if (await this.#options.lease.release(epoch))
        this.#options.log.info(`market role: lease released (epoch ${epoch})`)
    } catch (error) {
      this.#options.log.warn({ err: error }, 'market role: lease not released (it expires)')
    }
  }

  #schedule(ms: number) {
    if (this.#closed) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#tick = this.#run()
        .catch((error) => this.#options.log.error({ err: error }, 'market role: tick failed'))
        .finally(() => {
          this.#tick = null
          this.#schedule(this.#epoch === null ? this.#options.retryMs : this.#options.renewMs)
        })
    }, ms)
  }

  async #run() {
    if (this.#epoch === null) await this.#tryAcquire()
    else await this.#renew(this.#epoch)
  }

  async #tryAcquire() {
    const { lease, log } = this.#options
    let epoch: number | null
    try {
      epoch = await lease.acquire()
    } catch (error) {
      log.warn({ err: error }, 'market role: lease not acquired (database error)')
      return
    }
    if (epoch === null) {
      const holder = await lease.status().then(
        (s) => s.holder,
        () => null
      )
      if (holder !== this.#standbyHolder) log.info(`market role: standing by (held by ${holder})`)
      this.#standbyHolder = holder
      return
    }
    if (this.#closed) {
      await lease.release(epoch).catch(() => {})
      return
    }
    this.#standbyHolder = undefined
    this.#epoch = epoch
    log.info(`market role: lease acquired (epoch ${epoch}, holder ${lease.holder})`)
    this.#starting = this.#startSteps(epoch).finally(() => {
      this.#starting = null
    })
  }

  async #renew(epoch: number) {
    let renewed = false
    try {
      renewed = await this.#options.lease.renew(epoch)
    } catch (error) {
      this.#options.log.warn({ err: error }, 'market role: lease renewal failed')
    }
    if (renewed || this.#epoch !== epoch) return
    this.#options.log.warn(`market role: lease lost (epoch ${epoch})`)
    await this.#deactivate()
  }

  /** Starts the parts in order; one started after the lease was lost is stopped at once. */
  async #startSteps(epoch: number) {
    const ctx = { epoch, fence: this.#options.lease.fence(epoch) }
    for (const step of this.#options.steps) {
      if (this.#epoch !== epoch) return
      let stop: RoleStop
      try {
        stop = await step(ctx)
      } catch (error) {
        this.#options.log.error({ err: error }, 'market role: a part failed to start')
        if (this.#epoch === epoch) await this.#giveUp(epoch)
        return
      }
      if (this.#epoch === epoch) this.#stops.push(stop)
      else await this.#stopOne(stop)
    }
  }

  /** A part did not start: stop the rest and let another process (or the next try) have the role. */
  async #giveUp(epoch: number) {
    // Not #deactivate: it waits for the start, which is this very call.
    this.#epoch = null
    for (const stop of this.#stops.splice(0).reverse()) await this.#stopOne(stop)
    await this.#options.lease.release(epoch).catch(() => {})
  }

  /** Stands by: the epoch is dropped first (a part still starting stops itself), then the parts stop, newest first. */
  async #deactivate() {
    this.#epoch = null
    for (const stop of this.#stops.splice(0).reverse()) await this.#stopOne(stop)
    await this.#starting
  }

  async #stopOne(stop: RoleStop) {
    try {
      await stop()
    } catch (error) {
      this.#options.log.warn({ err: error }, 'market role: a part failed to stop')
    }
  }
}
