/**
 * Runs tasks one after another per key, tasks of different keys alongside.
 * A task starts once the key's previous one has settled, whether it succeeded
 * or failed. Only an order of work inside this process: what must hold
 * across processes is a compare-and-set or a lock in the database.
 */
export class KeyedLanes<K> {
  #tails = new Map<K, Promise<void>>()

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const result = (this.#tails.get(key) ?? Promise.resolve()).then(task)
    const tail = result.then(settled, settled)
    this.#tails.set(key, tail)
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    })
    return result
  }

  /** Keys with a task running or waiting. */
  get busy(): number {
    return this.#tails.size
  }
}

function settled() {}
