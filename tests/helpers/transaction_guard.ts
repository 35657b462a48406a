import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { QueryClient } from '@adonisjs/lucid/database'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Suite, Test } from '@japa/runner/core'

/*
| The transaction guard (tests only; docs/DECISIONS.md, "Reads inside a
| transaction"). While a `db.transaction(async (trx) => …)` callback runs, every
| query of that async flow must go through `trx` (or a savepoint of it). A
| query on another client — the global connection, `db.from(…)`, a model
| without `{ client: trx }`, a cached setting re-read — is recorded here:
| on SQLite it waits for the one pooled connection the transaction holds
| (the app stalls until the acquire timeout), on PostgreSQL it silently reads
| what was committed before the transaction. The guard sees it on both, and
| also inside a test's rolled-back global transaction, where the SQLite stall
| cannot happen (every client is that one transaction).
|
| How: the transaction methods of Lucid's two clients run the callback inside
| an AsyncLocalStorage scope naming its transaction; Lucid's query runner
| (every query builder, model query and raw query runs through it) and the
| transaction methods themselves check that the client is that transaction,
| one of its savepoints, or an enclosing transaction the app itself opened
| with a callback (the same database transaction).
*/

interface Scope {
  trx: TransactionClientContract
}

const scopes = new AsyncLocalStorage<Scope>()
/** Each transaction → the client it was opened on. */
const openedOn = new WeakMap<object, object>()
/** Transactions opened with a callback (the app's own), as opposed to a test's global one. */
const managed = new WeakSet<object>()

export interface GuardViolation {
  message: string
  stack: string
}

let violations: GuardViolation[] = []
let installed = false

/** Whether `client` runs its queries inside the database transaction `trx` belongs to. */
function insideOf(client: object, trx: object) {
  // `trx` itself or one of its savepoints.
  for (let c: object | undefined = client; c; c = openedOn.get(c)) if (c === trx) return true
  // An enclosing transaction the app opened with a callback: the same database transaction.
  for (let c: object | undefined = openedOn.get(trx); c && managed.has(c); c = openedOn.get(c))
    if (c === client) return true
  return false
}

function check(client: object) {
  const scope = scopes.getStore()
  if (!scope || scope.trx.isCompleted || insideOf(client, scope.trx)) return
  const error = new Error(
    'A query ran outside the open transaction (pass { client: trx }, or read before the transaction)'
  )
  violations.push({ message: error.message, stack: error.stack ?? error.message })
}

/** Runs the callback of each transaction opened on this client kind inside a scope naming it. */
function patchTransactions(proto: any) {
  const transaction = proto.transaction
  proto.transaction = async function (this: object, callbackOrOptions?: any, options?: any) {
    // Opening a transaction on another client holds a second connection (SQLite has one).
    check(this)
    if (typeof callbackOrOptions !== 'function') {
      const trx = await transaction.call(this, callbackOrOptions)
      openedOn.set(trx, this)
      return trx
    }
    const parent = this
    return transaction.call(
      this,
      (trx: TransactionClientContract) => {
        openedOn.set(trx, parent)
        managed.add(trx)
        return scopes.run({ trx }, () => callbackOrOptions(trx))
      },
      options
    )
  }
}

/** Checks the client of every query Lucid runs (query builders, model queries, raw queries). */
async function patchQueryRunner() {
  // Lucid's package exports do not name its query runner: load the very module Lucid uses.
  const lucid = createRequire(import.meta.url).resolve('@adonisjs/lucid')
  const file = join(dirname(lucid), 'src/query_runner/index.js')
  const { QueryRunner } = await import(pathToFileURL(file).href)
  const run = QueryRunner.prototype.run
  QueryRunner.prototype.run = function (this: { client: object }, ...args: unknown[]) {
    check(this.client)
    return run.apply(this, args)
  }
}

/** Patches Lucid's query and transaction clients once (the test process only). */
export async function installTransactionGuard() {
  if (installed) return
  installed = true
  await patchQueryRunner()
  patchTransactions(QueryClient.prototype)
  // TransactionClient is not exported either: take its prototype from a transaction.
  const probe = await db.connection().transaction()
  await probe.rollback()
  patchTransactions(Object.getPrototypeOf(probe))
}

/** The violations recorded since the last call (and forgets them). */
export function takeViolations(): GuardViolation[] {
  const taken = violations
  violations = []
  return taken
}

/** Fails with every violation's stack when any was recorded since the last take. */
export function assertNoViolations(where = '') {
  const taken = takeViolations()
  if (taken.length === 0) return
  const stacks = [...new Set(taken.map((v) => appFrames(v.stack)))]
  throw new Error(
    `${taken.length} ${taken.length === 1 ? 'query' : 'queries'} outside the open transaction${where ? ` (${where})` : ''}:\n` +
      stacks.join('\n---\n')
  )
}

/** The stack frames of the app's own files (the rest is Lucid, knex and Node). */
function appFrames(stack: string) {
  const lines = stack.split('\n').slice(1)
  const own = lines.filter(
    (l) => /\/(app|start|tests)\//.test(l) && !l.includes('transaction_guard')
  )
  return (own.length ? own : lines.slice(0, 12)).join('\n')
}

/** Fails every test of the suite during which a query ran outside its open transaction. */
export function guardEveryTest(suite: Suite) {
  const guard = (test: Test) => {
    test.setup(() => {
      takeViolations()
    })
    test.teardown(() => assertNoViolations())
  }
  suite.onTest(guard)
  suite.onGroup((group) => group.tap(guard))
}
