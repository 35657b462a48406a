import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import Instrument from '#models/instrument'
import { HEARTBEAT_CHANNEL, PRICES_CHANNEL } from '#domain/channels'
import {
  marketVerdict,
  observePulse,
  PULSE_SILENCE_MS,
  startWatch,
  WATCH_POLL_MS,
  type MarketDownFrame,
  type MarketVerdict,
  type WatchMemory,
} from '#domain/market_watch'
import heartbeatStore from '#services/market/heartbeat_store'
import {
  STALE_BROADCAST_MS,
  staleInstruments,
  type StaleFrame,
} from '#services/market/stale_broadcast'

/**
 * Writes `payload` to the tabs connected to THIS process only. Every web process watches the
 * market role itself, so a frame relayed through Redis would only reach each tab several times.
 */
export function sendToOwnTabs(
  channel: string,
  payload: NonNullable<Parameters<typeof transmit.broadcast>[1]>
) {
  for (const stream of transmit.getManager().findByChannel(channel)) {
    stream.writeMessage({ data: { channel, payload } })
  }
}

export interface MarketWatchOptions {
  /** The role's latest pulse (heartbeat_store: this process's, else Redis's). */
  readPulse?: () => Promise<number | null>
  silenceMs?: number
  /** While the role is down, tabs hear it again this often (a tab opened meanwhile learns too). */
  resendMs?: number
}

/**
 * Browsers know when prices stop (issue 22 §3). A web process reads the market role's pulse
 * every half second; once it has been silent for a few seconds, this process tells its own tabs
 * that every price is stale (the market watch turns red, the order buttons say why) and its
 * admins' API Status pages since when the role is down. When a pulse comes again, the tabs get
 * the instruments this process's own rule calls stale, and the role's frames take over.
 */
export class MarketWatch {
  #memory: WatchMemory | null = null
  #verdict: MarketVerdict = { state: 'checking' }
  #toldAt = 0
  readonly #readPulse: () => Promise<number | null>
  readonly #silenceMs: number
  readonly #resendMs: number

  constructor(options: MarketWatchOptions = {}) {
    this.#readPulse = options.readPulse ?? (() => heartbeatStore.lastPulse())
    this.#silenceMs = options.silenceMs ?? PULSE_SILENCE_MS
    this.#resendMs = options.resendMs ?? STALE_BROADCAST_MS
  }

  /** What the watch last concluded ('checking' until it has run). */
  verdict(): MarketVerdict {
    return this.#verdict
  }

  /** Reads the pulse once and tells the tabs what changed. */
  async check(now = Date.now()) {
    this.#memory ??= startWatch(now)
    this.#memory = observePulse(this.#memory, await this.#readPulse(), now, this.#silenceMs)
    const before = this.#verdict
    const verdict = marketVerdict(this.#memory, now, this.#silenceMs)
    this.#verdict = verdict
    if (verdict.state === 'down') {
      if (before.state === 'down' && now - this.#toldAt < this.#resendMs) return
      if (before.state !== 'down') logger.warn({ since: verdict.since }, 'market role is silent')
      this.#toldAt = now
      await this.#tellDown(verdict.since)
    } else if (before.state === 'down' && verdict.state === 'fresh') {
      logger.info('market role is back')
      await this.#tellBack()
    }
  }

  /** Starts over, as a new process would (tests). */
  reset() {
    this.#memory = null
    this.#verdict = { state: 'checking' }
    this.#toldAt = 0
  }

  /** Checks every `pollMs`; returns the stop function. */
  start(pollMs = WATCH_POLL_MS) {
    let running = false
    const timer = setInterval(async () => {
      if (running) return
      running = true
      try {
        await this.check()
      } catch (error) {
        logger.warn({ err: error }, 'market watch failed')
      } finally {
        running = false
      }
    }, pollMs)
    timer.unref()
    return () => clearInterval(timer)
  }

  async #tellDown(since: number | null) {
    const rows = await Instrument.query().select('name').where('tradable', true).orderBy('name')
    const stale: StaleFrame = {
      type: 'stale',
      instruments: rows.map((row) => row.name),
      reason: 'market-down',
    }
    sendToOwnTabs(PRICES_CHANNEL, stale)
    const down: MarketDownFrame = { type: 'marketDown', since }
    sendToOwnTabs(HEARTBEAT_CHANNEL, down)
  }

  async #tellBack() {
    const stale: StaleFrame = { type: 'stale', instruments: await staleInstruments() }
    sendToOwnTabs(PRICES_CHANNEL, stale)
  }
}

const marketWatch = new MarketWatch()
export default marketWatch
