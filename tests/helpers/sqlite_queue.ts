import { createRequire } from 'node:module'

/*
| The tests' short SQLite acquire timeout (config/database.ts: 2 s) makes a
| query sent outside its open transaction fail at once instead of stalling for
| a minute. But a race test queues a dozen requests for SQLite's one
| connection on purpose, and on a loaded 2-core CI machine the last of them
| legitimately waits longer than 2 s (CI failed so: catalog_concurrency, a
| KnexTimeoutError). So each acquire may wait the base timeout plus one
| second per acquire already queued ahead of it: a stall (a transaction
| waiting on itself, nothing queued) still fails after ~2 s, a queue of ten
| gets ~12 s. PostgreSQL's pool keeps knex's defaults; this changes only
| how long a pool waits, never what a test checks.
*/
const PER_QUEUED_MS = 1_000
let installed = false

/** Patches tarn (knex's pool) in the test process so acquire timeouts grow with the queue. */
export function scaleAcquireTimeoutWithQueue() {
  if (installed) return
  installed = true
  const knexRequire = createRequire(createRequire(import.meta.url).resolve('knex'))
  const { Pool } = knexRequire('tarn')
  const acquire = Pool.prototype.acquire
  Pool.prototype.acquire = function (this: any) {
    this.baseAcquireTimeoutMillis ??= this.acquireTimeoutMillis
    this.acquireTimeoutMillis =
      this.baseAcquireTimeoutMillis + this.pendingAcquires.length * PER_QUEUED_MS
    return acquire.call(this)
  }
}
