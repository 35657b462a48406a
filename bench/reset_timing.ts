/*
| npm run bench:reset -- [--ref=<commit>] [--rounds=60] [--port=3491] [--smtp-port=2691] [--json=path]
|
| How long POST /forgot-password takes to answer for an address that has an
| account and for one that has none (issue 9, item 4: a difference in time
| tells an attacker which e-mails are customers).
|
|   1. The app: this checkout, or with --ref=<commit> that commit's files
|      (git archive into tmp/bench-reset-src, sharing node_modules), so the
|      code before and after a change runs the same benchmark.
|   2. A scratch SQLite database (tmp/bench-reset.sqlite3) migrated and seeded
|      with the demo data by the app's own `node ace migration:run` / `db:seed`.
|   3. The development mail catcher (scripts/mail_catcher.js) on --smtp-port:
|      real SMTP on the loopback, the fastest mail server there can be.
|   4. The server (bin/server.ts through the TypeScript loader, production
|      mode) with TRUSTED_PROXIES=loopback: each request comes from its own
|      X-Forwarded-For address, so the per-address limits never answer 429,
|      and a per-account mail budget high enough that every known request mails.
|   5. Warm-up, then --rounds pairs, one request at a time (known, unknown,
|      alternating): time to the last byte of the answer, and the number of
|      mails the catcher received.
|
|   --smoke: 1 warm-up pair and 3 timed pairs; every known address must have
|   been mailed.
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { startMailCatcher } from '../scripts/mail_catcher.js'
import { appEnv as sharedAppEnv, shippedNodeFlags } from './app_env.js'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=')
    return [k, v ?? 'true']
  })
)
const REF = args.ref as string | undefined
const SMOKE = args.smoke === 'true'
const ROUNDS = Number(args.rounds ?? (SMOKE ? 3 : 60))
const WARMUP = SMOKE ? 1 : 5
const PORT = Number(args.port ?? 3491)
const SMTP_PORT = Number(args['smtp-port'] ?? 2691)
const BASE = `http://127.0.0.1:${PORT}`
const SQLITE_PATH = join(ROOT, 'tmp', 'bench-reset.sqlite3')
const MAIL_DIR = join(ROOT, 'tmp', 'bench-reset-mail')
const KNOWN = 'customer@demo.test'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function sourceDir() {
  if (!REF) return ROOT
  const dir = join(ROOT, 'tmp', 'bench-reset-src')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const archive = spawnSync('git', ['archive', '--format=tar', REF], {
    cwd: ROOT,
    maxBuffer: 1 << 30,
  })
  if (archive.status !== 0) throw new Error(`git archive ${REF} failed: ${archive.stderr}`)
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout })
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`)
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return dir
}

const APP_KEY = randomBytes(24).toString('base64url')
function appEnv(nodeEnv: 'development' | 'production'): Record<string, string> {
  return sharedAppEnv({
    nodeEnv,
    port: PORT,
    appKey: APP_KEY,
    db: 'sqlite',
    sqlitePath: SQLITE_PATH,
    marketFeed: 'off',
    smtpPort: SMTP_PORT,
    // Every known address mails: the budgets would otherwise stop the mails being timed.
    overrides: {
      RESET_MAILS_PER_ACCOUNT_HOUR: '1000000',
      RESET_REQUESTS_PER_ADDRESS_HOUR: '1000000',
    },
  })
}

function ace(dir: string, command: string[]) {
  const result = spawnSync(process.execPath, ['ace', ...command], {
    cwd: dir,
    env: appEnv('development'),
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`node ace ${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

async function startServer(dir: string) {
  const server = spawn(
    process.execPath,
    ['--import=ts-node-maintained/register/esm', ...shippedNodeFlags(), 'bin/server.ts'],
    {
      cwd: dir,
      env: appEnv('production'),
      stdio: ['ignore', 'inherit', 'inherit'],
    }
  )
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error('the server exited')
    try {
      if ((await fetch(`${BASE}/countries`)).ok) return server
    } catch {}
    await sleep(100)
  }
  throw new Error('the server did not answer within 60 s')
}

/** Session and XSRF cookies, as a browser holds them after its first page. */
async function visitorCookies() {
  const response = await fetch(`${BASE}/countries`)
  const cookies = new Map<string, string>()
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const eq = pair.indexOf('=')
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
  }
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    xsrf: decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
  }
}

let sequence = 0
async function timedReset(visitor: { cookie: string; xsrf: string }, email: string) {
  sequence++
  const from = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`
  const started = performance.now()
  const response = await fetch(`${BASE}/forgot-password`, {
    method: 'POST',
    headers: {
      'accept': 'application/json',
      'content-type': 'application/json',
      'cookie': visitor.cookie,
      'x-xsrf-token': visitor.xsrf,
      'x-forwarded-for': from,
    },
    body: JSON.stringify({ email }),
  })
  await response.text()
  const ms = performance.now() - started
  if (response.status !== 200)
    throw new Error(`POST /forgot-password answered ${response.status} for ${email}`)
  return ms
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    n: sorted.length,
    median: round(at(0.5)),
    p90: round(at(0.9)),
    mean: round(sorted.reduce((s, x) => s + x, 0) / sorted.length),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
  }
}

async function main() {
  const dir = sourceDir()
  for (const suffix of ['', '-wal', '-shm']) rmSync(SQLITE_PATH + suffix, { force: true })
  rmSync(MAIL_DIR, { recursive: true, force: true })
  // One boot of `node ace` for both (the file was just removed: fresh is a plain run).
  ace(dir, ['migration:fresh', '--force', '--seed'])

  let mails = 0
  const catcher = await startMailCatcher({
    port: SMTP_PORT,
    dir: MAIL_DIR,
    log: false,
    onMessage: () => void mails++,
  })
  let server: ChildProcess | undefined
  try {
    server = await startServer(dir)
    const visitor = await visitorCookies()
    for (let i = 0; i < WARMUP; i++) {
      await timedReset(visitor, KNOWN)
      await timedReset(visitor, `warm-up-${i}@nowhere.test`)
    }
    await sleep(500)
    mails = 0
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      known.push(await timedReset(visitor, KNOWN))
      unknown.push(await timedReset(visitor, `ghost-${i}@nowhere.test`))
    }
    for (let i = 0; i < 100 && mails < ROUNDS; i++) await sleep(100)
    const result = {
      code: REF ?? 'working tree',
      rounds: ROUNDS,
      knownMs: stats(known),
      unknownMs: stats(unknown),
      medianGapMs: Math.round((stats(known).median - stats(unknown).median) * 10) / 10,
      mailsCaught: mails,
    }
    console.log(JSON.stringify(result, null, 2))
    if (mails < ROUNDS) {
      console.error(`FAILED: ${mails} mails caught for ${ROUNDS} requests for a known address`)
      process.exitCode = 1
    }
    if (args.json) writeFileSync(String(args.json), JSON.stringify(result, null, 2))
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done))
      server.kill('SIGTERM')
      await Promise.race([exited, sleep(10_000)])
    }
    await catcher.close()
    for (const suffix of ['', '-wal', '-shm']) rmSync(SQLITE_PATH + suffix, { force: true })
    rmSync(MAIL_DIR, { recursive: true, force: true })
    if (REF && existsSync(join(ROOT, 'tmp', 'bench-reset-src'))) {
      rmSync(join(ROOT, 'tmp', 'bench-reset-src'), { recursive: true, force: true })
    }
  }
}

await main()
