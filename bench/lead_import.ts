/*
| npm run bench:lead-import -- [--db=sqlite|pg|both] [--rows=100000] [--json=path] [--smoke]
|
| The lead CSV import at size (issue 13 item 4): 100,000 rows imported in
| under 60 s with the server's memory growing by less than 100 MB.
|
|   1. A scratch database per run: tmp/bench-leads.sqlite3, or the PostgreSQL
|      database `bench_leads` (PG_HOST/PG_PORT/PG_USER), dropped and created,
|      migrated and demo-seeded by the app's own `node ace migration:run` /
|      `db:seed` (development mode: the seeder refuses production).
|   2. A CSV of --rows rows in the example file's columns, written to tmp/ as
|      a stream (unique e-mails; every 50th row carries an unknown status and
|      every 100th repeats an e-mail, so the refusal paths run too).
|   3. The app booted in this process (console environment, as `node ace`
|      boots it), the demo admin as the uploader, then the import the upload
|      route runs (`importLeads`: the whole-file check, then the streamed
|      inserts and the error report). RSS and heap are sampled every
|      20 ms: before (after a GC), the peak during, and after. The upload's own
|      part (multipart streamed to a file by `pipeline`) holds one chunk at a
|      time and is not in this figure.
|   4. The same file imported again: every row a duplicate, nothing created.
|
| Both imports' counts are checked (every row created, skipped as a duplicate
| or refused; nothing created the second time): a wrong count exits non-zero.
| --smoke: 200 rows (unless --rows), the same path, in seconds (CI).
|
| Never run it while tests or other benchmarks run: they share the 2 cores.
*/
import 'reflect-metadata'
import { spawnSync } from 'node:child_process'
import { createWriteStream, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { appEnv, BENCH_ROOT, benchArgs, bootConsoleApp, pgSettings } from './app_env.js'

const args = benchArgs()
const DB = (args.get('db') ?? 'sqlite') as 'sqlite' | 'pg' | 'both'
const SMOKE = args.get('smoke') === 'true'
const ROWS = Number(args.get('rows') ?? (SMOKE ? 200 : 100_000))
const JSON_OUT = args.get('json') ?? ''
const CHILD = args.get('child') === 'true'
const SQLITE_PATH = join(BENCH_ROOT, 'tmp', 'bench-leads.sqlite3')
const CSV_PATH = join(BENCH_ROOT, 'tmp', 'bench-leads.csv')
const PG = pgSettings('bench_leads')
const MB = 1024 * 1024

function env(db: 'sqlite' | 'pg') {
  return appEnv({
    nodeEnv: 'development',
    port: 3499,
    appKey: 'bench-leads-' + 'k'.repeat(32),
    db,
    sqlitePath: db === 'sqlite' ? SQLITE_PATH : undefined,
    pg: db === 'pg' ? PG : undefined,
    marketFeed: 'off',
    smtpPort: 1,
  })
}

function run(cmd: string, argv: string[], e: Record<string, string>) {
  const result = spawnSync(cmd, argv, { cwd: BENCH_ROOT, env: e, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${result.stderr}`)
}

function prepare(db: 'sqlite' | 'pg') {
  const e = env(db)
  if (db === 'sqlite') rmSync(SQLITE_PATH, { force: true })
  else {
    const psql = ['-h', PG.host, '-p', String(PG.port), '-U', PG.user]
    spawnSync('dropdb', [...psql, '--if-exists', PG.database], { env: e })
    run('createdb', [...psql, PG.database], e)
  }
  if (SMOKE) return // the child migrates in its own process and adds only the uploader
  run(process.execPath, ['ace', 'migration:run', '--force'], e)
  run(process.execPath, ['ace', 'db:seed'], e)
}

/** A smoke run's schema and uploader, without the demo seed (seconds, not half a minute). */
async function smokeSetup() {
  const { default: app } = await import('@adonisjs/core/services/app')
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { Roles } = await import('#domain/roles')
  const ace = await app.container.make('ace')
  const migrated = await ace.exec('migration:run', ['--force'])
  if (migrated.exitCode) throw migrated.error ?? new Error('migration:run failed')
  await db.table('users').insert({
    full_name: 'Smoke Admin',
    email: 'admin@demo.test',
    password: 'not-a-login',
    role_id: Roles.ADMIN,
    is_email_verified: true,
    is_active: true,
    created_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
  })
}

async function writeCsv() {
  const out = createWriteStream(CSV_PATH)
  const tag = randomBytes(3).toString('hex')
  out.write(
    'firstName,lastName,email,phone,country,city,funnelLink,reference,leadSourceId,leadStatus\n'
  )
  for (let i = 1; i <= ROWS; i++) {
    const n = i % 100 === 25 ? i - 1 : i
    const status = i % 50 === 0 ? 'No Such Status' : i % 2 ? 'New' : ''
    const line = `First${i},Last${i},lead${n}.${tag}@bench.test,+34 600 ${String(i).padStart(6, '0')},Spain,Madrid,https://example.com/l/${i},AFF-${i % 97},src-${i % 13},${status}\n`
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}

/** In a child process per database, so each starts with a fresh heap and its own connection. */
async function child() {
  const app = await bootConsoleApp()
  if (SMOKE) await smokeSetup()
  const { importLeads } = await import('#actions/leads/import_leads')
  const { default: User } = await import('#models/user')
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const admin = await User.findByOrFail('email', 'admin@demo.test')
  const staff = { staff: { id: admin.id, roleId: admin.roleId }, ip: '127.0.0.1' }

  const measure = async (label: string) => {
    global.gc?.()
    const before = process.memoryUsage()
    let peakRss = before.rss
    let peakHeap = before.heapUsed
    const timer = setInterval(() => {
      const m = process.memoryUsage()
      peakRss = Math.max(peakRss, m.rss)
      peakHeap = Math.max(peakHeap, m.heapUsed)
    }, 20)
    const started = performance.now()
    const result = await importLeads({
      ...staff,
      path: CSV_PATH,
      reportPath: join(BENCH_ROOT, 'tmp', `bench-leads-report-${label}.csv`),
      fileName: 'bench.csv',
    })
    const seconds = (performance.now() - started) / 1000
    clearInterval(timer)
    const after = process.memoryUsage()
    global.gc?.()
    const afterGc = process.memoryUsage()
    return {
      label,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(ROWS / seconds),
      result,
      rssBeforeMb: Number((before.rss / MB).toFixed(1)),
      rssPeakMb: Number((peakRss / MB).toFixed(1)),
      rssAfterMb: Number((after.rss / MB).toFixed(1)),
      rssGrowthMb: Number(((peakRss - before.rss) / MB).toFixed(1)),
      heapBeforeMb: Number((before.heapUsed / MB).toFixed(1)),
      heapPeakMb: Number((peakHeap / MB).toFixed(1)),
      heapAfterMb: Number((after.heapUsed / MB).toFixed(1)),
      heapAfterGcMb: Number((afterGc.heapUsed / MB).toFixed(1)),
      rssAfterGcMb: Number((afterGc.rss / MB).toFixed(1)),
    }
  }
  const first = await measure('first')
  const second = await measure('again')
  const leads = Number((await db.from('leads').count('* as n').first()).n)
  process.stdout.write(JSON.stringify({ first, second, leads }) + '\n')
  await app.terminate()
}

interface ImportRun {
  first: { result: { created: number; duplicates: number; invalid: number } }
  second: { result: { created: number; duplicates: number; invalid: number } }
  leads: number
}

/** Every row accounted for; the second import creates nothing. */
function checkCounts(db: string, imported: ImportRun) {
  const { first, second } = imported
  const accounted = (r: ImportRun['first']['result']) => r.created + r.duplicates + r.invalid
  const problems = [
    accounted(first.result) !== ROWS &&
      `first import accounts for ${accounted(first.result)} of ${ROWS} rows`,
    first.result.created === 0 && 'first import created nothing',
    second.result.created !== 0 && `second import created ${second.result.created}`,
    accounted(second.result) !== ROWS &&
      `second import accounts for ${accounted(second.result)} of ${ROWS} rows`,
  ].filter(Boolean)
  if (problems.length > 0) throw new Error(`${db}: ${problems.join('; ')}`)
}

async function main() {
  if (CHILD) return child()
  await writeCsv()
  const results: Record<string, unknown> = {}
  for (const db of DB === 'both' ? (['sqlite', 'pg'] as const) : [DB]) {
    prepare(db)
    const out = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--import=ts-node-maintained/register/esm',
        'bench/lead_import.ts',
        '--child',
        `--rows=${ROWS}`,
        ...(SMOKE ? ['--smoke'] : []),
      ],
      { cwd: BENCH_ROOT, env: env(db), encoding: 'utf8', maxBuffer: 1 << 26 }
    )
    if (out.status !== 0) throw new Error(`the ${db} run failed:\n${out.stderr}`)
    const line = out.stdout.trim().split('\n').pop()!
    results[db] = JSON.parse(line)
    console.log(db, JSON.stringify(results[db], null, 2))
    checkCounts(db, results[db] as ImportRun)
  }
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2))
  rmSync(CSV_PATH, { force: true })
}

main().catch((error) => {
  console.error(error)
  // A child that failed still holds the app's connections open: leave now, not never.
  if (CHILD) process.exit(1)
  process.exitCode = 1
})
