export interface BackoffOptions {
  minMs?: number
  maxMs?: number
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = { minMs: 1000, maxMs: 60_000 }

/**
 * Reconnect delays that double from `minMs` up to `maxMs`. No jitter: one
 * process holds one connection per provider, so there is no herd to spread.
 */
export class Backoff {
  #minMs: number
  #maxMs: number
  #attempt = 0

  constructor(options: BackoffOptions = {}) {
    this.#minMs = options.minMs ?? DEFAULT_BACKOFF.minMs
    this.#maxMs = Math.max(this.#minMs, options.maxMs ?? DEFAULT_BACKOFF.maxMs)
  }

  next(): number {
    const delay = Math.min(this.#maxMs, this.#minMs * 2 ** this.#attempt)
    if (delay < this.#maxMs) this.#attempt++
    return delay
  }

  /** After a healthy session: the next failure retries quickly again. */
  reset() {
    this.#attempt = 0
  }

  /** After a refusal a retry will not cure soon (bad key): wait the longest delay. */
  exhaust() {
    this.#attempt = Math.ceil(Math.log2(this.#maxMs / this.#minMs))
  }
}
