import logger from '@adonisjs/core/services/logger'
import settings from '#services/settings_service'
import currencyRates from '#services/market/feeds/currency_rates'
import { httpRefusal } from '#services/market/feeds/provider'
import { money } from '#domain/money'

export const CURRENCY_API_URL = 'https://api.currencyapi.com'
export const CURRENCY_API_SETTING = 'currencyAPI'

/** Status calls are free, so the quota shown to admins can be fresh. */
export const DEFAULT_STATUS_EVERY_MS = 15 * 60_000
/** Each `latest` call spends quota (300 a month on the free plan): 4 a day fits. */
export const DEFAULT_LATEST_EVERY_MS = 6 * 60 * 60_000
/** After a 429 without Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 60 * 60_000
const REQUEST_TIMEOUT_MS = 10_000

export interface CurrencyApiOptions {
  apiKey: string
  /** Without `/v3`; defaults to CURRENCY_API_URL. */
  baseUrl?: string
  statusEveryMs?: number
  latestEveryMs?: number
  now?: () => number
}

export interface Quota {
  remaining: number
  total: number
}

/**
 * Polls currencyapi.com gently: `status` every cycle (free) writes the month's
 * quota into the currencyAPI settings row; `latest` (paid in quota) refreshes
 * the in-memory rates only when due, quota is left and no 429 asked us to wait.
 */
export class CurrencyApiPoller {
  lastError: string | null = null
  #base: string
  #now: () => number
  #timer: NodeJS.Timeout | null = null
  #running = false
  #cycle: Promise<void> | null = null
  #abort = new AbortController()
  #lastLatestAt: number | null = null
  #blockedUntil = 0
  #quota: Quota | null = null

  constructor(private options: CurrencyApiOptions) {
    this.#base = `${(options.baseUrl ?? CURRENCY_API_URL).replace(/\/+$/, '')}/v3`
    this.#now = options.now ?? Date.now
  }

  get quota() {
    return this.#quota
  }

  start() {
    if (this.#running) return
    this.#running = true
    this.#abort = new AbortController()
    const tick = () => {
      this.#timer = null
      this.#cycle = this.refresh().finally(() => {
        this.#cycle = null
        if (this.#running)
          this.#timer = setTimeout(tick, this.options.statusEveryMs ?? DEFAULT_STATUS_EVERY_MS)
      })
    }
    tick()
  }

  async stop() {
    this.#running = false
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#abort.abort()
    await this.#cycle
  }

  /** One polling cycle; never throws (a failure is logged and kept in lastError). */
  async refresh() {
    try {
      const status = await this.#get('/status')
      // Refused (bad key, outage): `latest` would be refused too.
      if (!status) return
      this.#quota = (await this.#storeQuota(status)) ?? this.#quota
      if (!this.#latestDue()) return
      // The quota shown to admins counts the call just spent (status calls are free).
      if (await this.#latest())
        this.#quota = (await this.#storeQuota(await this.#get('/status'))) ?? this.#quota
    } catch (error) {
      if (this.#abort.signal.aborted) return
      this.lastError = (error as Error).message
      logger.warn({ err: error }, 'Currency API poll failed')
    }
  }

  #latestDue() {
    const now = this.#now()
    if (now < this.#blockedUntil) return false
    if (this.#quota && this.#quota.remaining <= 0) return false
    const every = this.options.latestEveryMs ?? DEFAULT_LATEST_EVERY_MS
    return this.#lastLatestAt === null || now - this.#lastLatestAt >= every
  }

  /** Writes the month's quota into the settings row (value2 remaining, value3 limit). */
  async #storeQuota(body: any): Promise<Quota | null> {
    const month = body?.quotas?.month
    if (!month || !Number.isFinite(month.remaining) || !Number.isFinite(month.total)) return null
    const quota = { remaining: Number(month.remaining), total: Number(month.total) }
    const row = (await settings.rows())[CURRENCY_API_SETTING]
    if (row?.value2 !== String(quota.remaining) || row?.value3 !== String(quota.total)) {
      await settings.put(CURRENCY_API_SETTING, {
        value2: String(quota.remaining),
        value3: String(quota.total),
      })
    }
    return quota
  }

  async #latest() {
    const body = await this.#get('/latest?base_currency=USD')
    if (!body) return false
    this.#lastLatestAt = this.#now()
    const rates: Record<string, string> = {}
    for (const [code, entry] of Object.entries<{ value?: unknown }>(body.data ?? {})) {
      const value = entry?.value
      // A JSON number read back through String() keeps the digits sent.
      const text =
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null
      if (text && Number.isFinite(Number(text)) && money(text).gt(0)) rates[code] = text
    }
    currencyRates.replace('USD', rates, this.#now())
    this.lastError = null
    return true
  }

  /** The parsed body, or null after a refusal (recorded in lastError; a 429 also pauses `latest`). */
  async #get(path: string): Promise<any | null> {
    const response = await fetch(`${this.#base}${path}`, {
      headers: { apikey: this.options.apiKey, accept: 'application/json' },
      signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    })
    const text = await response.text()
    if (response.ok) return JSON.parse(text)
    this.lastError = httpRefusal(response.status, text)
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'))
      this.#blockedUntil = this.#now() + (seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_AFTER_MS)
    }
    logger.warn({ path, status: response.status }, 'Currency API refused a request')
    return null
  }
}
