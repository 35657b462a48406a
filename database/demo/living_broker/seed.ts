import { readFile } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import app from '@adonisjs/core/services/app'
import hash from '@adonisjs/core/services/hash'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { sealSecret } from '#services/two_factor_secrets'
import { DOCUMENT_UPLOAD, sanitizeBytes } from '#services/upload_sanitizer'
import type { Category } from '#domain/instruments'
import { DEMO_PASSWORD, DEMO_TOTP_KEY, SITE_DEFAULTS } from '#database/demo/seed_demo'
import {
  KYC_PLACEHOLDERS,
  LIVING_BROKER_DOMAIN,
  LIVING_BROKER_TABLES,
  planLivingBroker,
  type LivingBrokerTable,
  type PlanContext,
} from '#database/demo/living_broker/plan'

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400

export interface LivingBrokerResult {
  seeded: boolean
  counts: Partial<Record<LivingBrokerTable, number>>
  ms: number
  /** Where the time went: reading the context (the password hash included), planning, writing. */
  phases: { context: number; plan: number; write: number }
}

/** Whether the living broker's customers are already in the database. */
export async function hasLivingBroker(client: TransactionClientContract | typeof db = db) {
  return !!(await client.from('users').where('email', 'like', `%@${LIVING_BROKER_DOMAIN}`).first())
}

/**
 * The living broker on top of the demo data (`npm run demo` only; the tests'
 * demo data stays small): plans the rows (plan.ts) and writes them in chunked
 * multi-row INSERTs in one transaction, the database's triggers keeping the
 * dashboard rollup and the trade list counts as for any write. Ids are given
 * by the plan (so rows name each other before they exist); PostgreSQL's
 * sequences are moved past them afterwards. Skips when the customers are
 * there already. Pass `trx` to write inside the caller's transaction (the
 * test rolls it back).
 */
export async function seedLivingBroker(
  options: { trx?: TransactionClientContract; now?: DateTime } = {}
): Promise<LivingBrokerResult> {
  const started = performance.now()
  const run = async (trx: TransactionClientContract): Promise<LivingBrokerResult> => {
    const phases = { context: 0, plan: 0, write: 0 }
    if (await hasLivingBroker(trx)) return { seeded: false, counts: {}, ms: 0, phases }
    let mark = performance.now()
    const lap = () => {
      const elapsed = Math.round(performance.now() - mark)
      mark = performance.now()
      return elapsed
    }
    const context = await planContext(trx, options.now ?? DateTime.now())
    phases.context = lap()
    const rows = planLivingBroker(context)
    phases.plan = lap()
    for (const table of LIVING_BROKER_TABLES) {
      for (let i = 0; i < rows[table].length; i += CHUNK) {
        await trx.table(table).multiInsert(rows[table].slice(i, i + CHUNK))
      }
    }
    if (trx.dialect.name === 'postgres') {
      for (const table of LIVING_BROKER_TABLES) {
        await trx.rawQuery(
          `SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX(id) FROM ${table}))`,
          [table]
        )
      }
    }
    phases.write = lap()
    const counts = Object.fromEntries(LIVING_BROKER_TABLES.map((t) => [t, rows[t].length]))
    return { seeded: true, counts, ms: 0, phases }
  }
  const result = options.trx ? await run(options.trx) : await db.transaction(run)
  if (result.seeded) await storeKycPlaceholders()
  return { ...result, ms: Math.round(performance.now() - started) }
}

/** What the plan needs from the demo data, and the next free id of every table it fills. */
async function planContext(trx: TransactionClientContract, now: DateTime): Promise<PlanContext> {
  const userId = async (email: string) => {
    const row = await trx.from('users').where('email', email).select('id').first()
    if (!row) throw new Error(`The living broker needs the demo data first (${email} is missing)`)
    return Number(row.id)
  }
  const staff = {
    admin: await userId('admin@demo.test'),
    manager: await userId('manager@demo.test'),
    agent: await userId('agent@demo.test'),
    retention: await userId('retention@demo.test'),
    affiliate: await userId('affiliate@demo.test'),
  }
  const team = await trx.from('teams').where('user_id', staff.manager).orderBy('id').first()
  if (!team) throw new Error('The living broker needs the demo team')
  const statuses = Object.fromEntries(
    (await trx.from('sales_statuses').select('id', 'status')).map((s: any) => [
      s.status,
      Number(s.id),
    ])
  )
  const plans = (await trx.from('pricing_plans').orderBy('id')).map((p: any) => ({
    id: Number(p.id),
    leverages: Object.fromEntries(
      (['forex', 'commodity', 'index', 'stock', 'crypto'] as Category[]).map((c) => [
        `${c}Leverage`,
        p[`${c}_leverage`] === null ? null : Number(p[`${c}_leverage`]),
      ])
    ),
  }))
  if (plans.length < 3) throw new Error('The living broker needs the three demo plans')
  const instruments = (await trx.from('instruments').whereNotNull('bids').whereNotNull('asks')).map(
    (i: any) => ({
      id: Number(i.id),
      name: i.name,
      base: i.base,
      quote: i.quote,
      category: i.category,
      bids: String(i.bids),
      asks: String(i.asks),
      leverage: Number(i.leverage),
    })
  )
  const nextIds = {} as Record<LivingBrokerTable, number>
  for (const table of LIVING_BROKER_TABLES) {
    const row = await trx.from(table).max('id as max').first()
    nextIds[table] = Number(row?.max ?? 0) + 1
  }
  const demoBalance =
    (await trx.from('settings').where('key', 'demoBalance').first())?.value1 ??
    SITE_DEFAULTS.demoBalance
  return {
    now,
    nextIds,
    passwordHash: await hash.make(DEMO_PASSWORD),
    sealedTotpSecret: sealSecret(DEMO_TOTP_KEY),
    staff,
    demoTeamId: Number(team.id),
    statuses,
    plans,
    instruments,
    demoBalance,
  }
}

/**
 * The three placeholder images every living-broker KYC submission shows
 * (shared, written once), passed through the upload gate like a customer's
 * file, so `node ace uploads:resanitize` finds them already clean.
 */
async function storeKycPlaceholders() {
  const disk = drive.use('fs')
  for (const [side, key] of Object.entries(KYC_PLACEHOLDERS)) {
    if (await disk.exists(key)) continue
    const bytes = await readFile(app.makePath('database/demo/living_broker/kyc', `${side}.png`))
    await disk.put(key, (await sanitizeBytes(bytes, DOCUMENT_UPLOAD, side)).bytes)
  }
}
