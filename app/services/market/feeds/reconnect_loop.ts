import { Backoff, type BackoffOptions } from '#services/market/feeds/backoff'

/** How a connection ended: `reason` is fit for the heartbeat message. */
export interface SessionEnd {
  reason: string
  /** The provider refused us (bad key, plan): retrying soon will not cure it. */
  refused?: boolean
}

/** One connection, from attempt to end: `ended` resolves however it ends (never rejects); `end()` ends it now. */
export interface FeedSession {
  ended: Promise<SessionEnd>
  end(): void
}

/**
 * The connect and retry cycle every market feed shares, websocket or HTTP
 * stream: opens a session; when one ends while running, reports it and opens
 * the next after a capped backoff (the longest after a refusal, the shortest
 * again after a healthy session). stop() ends the session and leaves no timer.
 */
export class ReconnectLoop {
  #session: FeedSession | null = null
  #retryTimer: NodeJS.Timeout | null = null
  #running = false
  #backoff: Backoff

  constructor(
    private open: () => FeedSession,
    private onDown: (end: SessionEnd) => void,
    options: { backoff?: BackoffOptions } = {}
  ) {
    this.#backoff = new Backoff(options.backoff)
  }

  get running() {
    return this.#running
  }

  start() {
    if (this.#running) return
    this.#running = true
    this.#connect()
  }

  /** The session is healthy (authenticated, streaming): the next drop retries quickly. */
  healthy() {
    this.#backoff.reset()
  }

  /** The provider refused us: retry only at the longest delay. */
  refused() {
    this.#backoff.exhaust()
  }

  /** Ends the current session; the next follows after the backoff delay. */
  drop() {
    this.#session?.end()
  }

  async stop() {
    this.#running = false
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    const session = this.#session
    this.#session = null
    if (!session) return
    session.end()
    await session.ended
  }

  #connect() {
    const session = this.open()
    this.#session = session
    session.ended.then((end) => {
      // stop() took it: nothing to report or retry.
      if (this.#session !== session) return
      this.#session = null
      if (!this.#running) return
      if (end.refused) this.#backoff.exhaust()
      this.onDown(end)
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = null
        if (this.#running) this.#connect()
      }, this.#backoff.next())
    })
  }
}
