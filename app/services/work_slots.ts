/**
 * At most `size` jobs of one kind at a time in this process; the rest wait in
 * arrival order. Bounds the memory of heavy per-request work (decoding a
 * 50-megapixel upload takes about 200 MB) when many requests arrive at once.
 */
export class WorkSlots {
  #running = 0
  #waiting: (() => void)[] = []

  constructor(readonly size: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.size)
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    else this.#running++
    try {
      return await job()
    } finally {
      const next = this.#waiting.shift()
      // A finished job hands its slot straight to the next in line.
      if (next) next()
      else this.#running--
    }
  }

  get busy() {
    return this.#running
  }

  get queued() {
    return this.#waiting.length
  }
}
