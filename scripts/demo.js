/*
| npm run demo — the whole product on one machine, from a fresh clone.
|
|   1. .env from .env.example with a fresh APP_KEY (an existing .env is kept; only an old
|      `SESSION_DRIVER=cookie` line is commented out: sessions live on the server)
|   2. tmp/ and the SQLite database migrated (node ace migration:run --force)
|   3. demo data seeded when the database has no users (node ace db:seed), then the
|      living broker's month of customers, money, trades and leads when it is not there
|      yet (node ace demo:living-broker)
|   4. a local SMTP catcher on SMTP_PORT (mail lands in tmp/mail/*.eml)
|   5. the web server (node ace serve --hmr) on http://localhost:3333
|   6. the demo logins printed once the server answers
|
| Ctrl-C stops every process this script started.
*/
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadEnv, retireCookieSessions } from './env_file.js'
import { startMailCatcher } from './mail_catcher.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(ROOT)

/* Kept in step with database/demo/seed_demo.ts (DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_KEY). */
const DEMO_PASSWORD = 'demo12345'
/* The demo staff's two-factor key (DEMO_TOTP_KEY in seed_demo.ts): published, like the password. */
const DEMO_TOTP_KEY = 'BROKERDEMOSTAFFTWOFACTORKEY2345A'
const DEMO_ACCOUNTS = [
  [
    'admin@demo.test',
    1,
    'Admin',
    'the whole back office: dashboard, finance, users, KYC, settings',
  ],
  ['manager@demo.test', 2, 'Manager', 'back office: trades, transactions, customers, CRM desks'],
  [
    'customer@demo.test',
    3,
    'Customer',
    'KYC approved, Silver plan, real $25,000 (active) + demo $10,000',
  ],
  ['affiliate@demo.test', 4, 'Affiliate', 'the affiliate area: own leads, API key'],
  ['agent@demo.test', 5, 'Sales agent', 'the CRM sales desk'],
  ['retention@demo.test', 6, 'Retention agent', 'the CRM retention desk'],
  [
    'newcomer@demo.test',
    3,
    'Customer',
    'new: no plan yet (the plan picker opens), no KYC, demo $10,000',
  ],
]

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[22m` : s)
const cyan = (s) => (process.stdout.isTTY ? `\x1b[36m${s}\x1b[39m` : s)
const say = (message) => console.log(`${cyan('[demo]')} ${message}`)

function fail(message) {
  console.error(`[demo] ${message}`)
  process.exit(1)
}

/* 1. .env ---------------------------------------------------------------- */

function ensureEnvFile() {
  if (existsSync('.env')) return
  if (!existsSync('.env.example')) fail('.env.example is missing; cannot create .env')
  const key = randomBytes(24).toString('base64url') // 32 characters, as `node ace generate:key`
  const template = readFileSync('.env.example', 'utf8')
  const text = /^APP_KEY=.*$/m.test(template)
    ? template.replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`)
    : `${template.trimEnd()}\nAPP_KEY=${key}\n`
  try {
    writeFileSync('.env', text, { flag: 'wx' }) // never overwrites
    say('Created .env from .env.example with a new APP_KEY')
  } catch (error) {
    if (error.code !== 'EEXIST') throw error
  }
}

ensureEnvFile()
if (retireCookieSessions(join(ROOT, '.env'))) {
  say(
    'Commented out SESSION_DRIVER=cookie in .env: sessions are now kept on the server (database, or Redis with REDIS_URL)'
  )
}
const env = loadEnv(join(ROOT, '.env'))
if (!env('APP_KEY')) {
  fail(
    '.env has no APP_KEY. Run "node ace generate:key" (or delete .env to let this script create one).'
  )
}

const PORT = Number(env('PORT', '3333'))
const HOST = env('HOST', 'localhost')
const BROWSER_HOST = HOST === '0.0.0.0' || HOST === '::' ? 'localhost' : HOST
const APP_ADDRESS = `http://${BROWSER_HOST}:${PORT}`
const DB_CONNECTION = env('DB_CONNECTION', 'sqlite')
const SMTP_HOST = env('SMTP_HOST', '127.0.0.1')
const SMTP_PORT = Number(env('SMTP_PORT', '2525'))
const MAIL_DIR = join(ROOT, 'tmp', 'mail')

/** Resolves true when something already accepts connections on host:port. */
function portAnswers(port, host) {
  return new Promise((done) => {
    const socket = connect({ port, host, autoSelectFamily: true })
    socket.setTimeout(1000)
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      done(false)
    })
    socket.once('error', () => done(false))
  })
}

// `node ace serve` would silently move to another free port; say so instead.
if (await portAnswers(PORT, BROWSER_HOST)) {
  fail(
    `Port ${PORT} is already in use (is another "npm run demo" running?). Stop it or set PORT in .env.`
  )
}

/* 2–3. tmp/, migrations, demo data --------------------------------------- */

mkdirSync(join(ROOT, 'tmp'), { recursive: true })
if (DB_CONNECTION === 'sqlite') {
  const sqlitePath = env('SQLITE_PATH', 'tmp/db.sqlite3')
  mkdirSync(dirname(resolve(ROOT, sqlitePath)), { recursive: true })
}

function ace(args) {
  say(`node ace ${args.join(' ')}`)
  const result = spawnSync(process.execPath, ['ace', ...args], { stdio: 'inherit', cwd: ROOT })
  if (result.error) fail(`node ace ${args[0]} could not start: ${result.error.message}`)
  if (result.signal) process.exit(1)
  if (result.status !== 0) fail(`node ace ${args[0]} failed (exit code ${result.status})`)
}

say(
  `Database: ${DB_CONNECTION === 'pg' ? `PostgreSQL (${env('PG_DB_NAME', 'broker')} on ${env('PG_HOST', '127.0.0.1')})` : `SQLite (${env('SQLITE_PATH', 'tmp/db.sqlite3')})`}`
)
ace(['migration:run', '--force'])
// The demo seeder leaves a database that already has users as it is.
ace(['db:seed'])
// A month of a living broker on top (customers, money, KYC, trades, leads): only when it is not there yet.
ace(['demo:living-broker'])

/* 4–5. long-running processes -------------------------------------------- */

const children = [] // { name, process }
let stopping = false

/**
 * Starts a long-running child in its own process group, so that stopping the
 * demo can signal the child and everything it spawned (`node ace serve` runs
 * the HTTP server as a grandchild, which a signal to `ace serve` alone misses).
 */
function startChild(name, args) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  children.push({ name, process: child })
  child.on('exit', (code, signal) => {
    if (stopping) return
    say(`${name} exited (${signal ?? `code ${code}`}); stopping the demo`)
    stop(code || 1)
  })
  return child
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
    return true
  } catch {
    return false // the group is gone
  }
}

/** True while a process of the child's group is still running (zombies do not count). */
function groupRunning(child) {
  let entries
  try {
    entries = readdirSync('/proc')
  } catch {
    return signalGroup(child, 0) // no /proc: zombies count, the SIGKILL deadline still ends it
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(pgrp) === child.pid && state !== 'Z') return true
    } catch {
      // the process ended while we looked
    }
  }
  return false
}

let mailCatcher = null
let mailNote
if (['127.0.0.1', 'localhost', '::1'].includes(SMTP_HOST)) {
  try {
    mailCatcher = await startMailCatcher({ port: SMTP_PORT, dir: MAIL_DIR, log: true })
    mailNote = `caught by the local SMTP catcher on 127.0.0.1:${SMTP_PORT}; saved in ${relative(ROOT, MAIL_DIR)}/*.eml, links printed here as [mail] lines`
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error
    mailNote = `port ${SMTP_PORT} is already taken (another catcher?); mail goes to whatever listens there`
    say(`Warning: SMTP port ${SMTP_PORT} is in use; the mail catcher was not started`)
  }
} else {
  mailNote = `sent to the SMTP server ${SMTP_HOST}:${SMTP_PORT} configured in .env (no local catcher)`
}

// ---------------------------------------------------------------------------
// MARKET: in the embedded default the market role (the price simulator and
// its fan-out, start/market.ts) runs inside the web process. When it becomes a
// process of its own, start it here with startChild('market', [...]) so that
// Ctrl-C stops it with the rest.
// ---------------------------------------------------------------------------
// On unless .env or the environment says otherwise.
process.env.MARKET_FEED ??= env('MARKET_FEED', 'simulator')

startChild('web server', ['ace', 'serve', '--hmr', '--no-clear'])

/* Shutdown --------------------------------------------------------------- */

async function stop(exitCode = 0) {
  if (stopping) return
  stopping = true
  // The same signal a terminal Ctrl-C delivers: `node ace serve` and the HTTP
  // server stop at once (on SIGTERM they wait for their file watchers, which
  // never end). Whatever still runs after 5 seconds is killed.
  for (const { process: child } of children) signalGroup(child, 'SIGINT')
  const deadline = Date.now() + 5_000
  for (const { process: child } of children) {
    while (groupRunning(child) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
    }
    signalGroup(child, 'SIGKILL')
  }
  await mailCatcher?.close()
  process.exit(exitCode)
}

// Whatever ends this script (an uncaught error included) takes the children along.
process.on('exit', () => {
  for (const { process: child } of children) signalGroup(child, 'SIGKILL')
})

let interrupts = 0
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupts += 1
    if (interrupts > 1) {
      for (const { process: child } of children) signalGroup(child, 'SIGKILL')
      process.exit(1)
    }
    console.log('')
    say('Stopping…')
    stop(0)
  })
}

/* 6. Banner once the server answers --------------------------------------- */

async function waitForServer(timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (!stopping && Date.now() < deadline) {
    try {
      const response = await fetch(`${APP_ADDRESS}/`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(5000),
      })
      await response.body?.cancel()
      return true
    } catch {
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  return false
}

function printBanner() {
  const rule = '─'.repeat(78)
  const width = Math.max(...DEMO_ACCOUNTS.map(([email]) => email.length)) + 2
  const lines = [
    '',
    rule,
    ` ${bold('Broker demo')} is running at ${bold(APP_ADDRESS)}`,
    '',
    ` Demo logins, password ${bold(DEMO_PASSWORD)} for every account:`,
    ...DEMO_ACCOUNTS.map(
      ([email, roleId, role, shows]) =>
        `   ${email.padEnd(width)}${`${role} (role ${roleId})`.padEnd(26)}${shows}`
    ),
    '',
    ' More staff: manager2@, sales2@, sales3@, retention2@, affiliate2@, affiliate3@demo.test (same password);',
    ` the customers of the living broker sign in as <name>.<n>@mail.demo.test with ${bold(DEMO_PASSWORD)} too.`,
    '',
    ` Staff then enter a code from an authenticator app set up with the demo key ${bold(DEMO_TOTP_KEY)}`,
    ' (or run "npm run demo:code" for the current one). Customers need no code.',
    '',
    ` Mail: ${mailNote}`,
    ' Stop: Ctrl-C',
    rule,
    '',
  ]
  console.log(lines.join('\n'))
}

if (await waitForServer(180_000)) {
  if (!stopping) printBanner()
} else if (!stopping) {
  say(
    `The web server did not answer on ${APP_ADDRESS} within 3 minutes; still waiting on it (Ctrl-C to stop)`
  )
}
