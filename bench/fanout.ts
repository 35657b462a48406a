/*
| npm run bench:fanout — live price fan-out: the price stream (and, with
| BENCH_MODES=stream,transmit, a plain Transmit broadcast per channel).
|
| For each path: a server process (bench/fanout_server.ts: the real app over
| HTTP, no market feed) and load-generator processes
| (bench/fanout_clients.ts: BENCH_CLIENTS SSE clients subscribed to price
| channels as a dashboard tab is, or to all of them with BENCH_SUBSCRIBE=all).
| The server then drives BENCH_INSTRUMENTS instruments at BENCH_HZ, flushing
| one conflated frame every CONFLATE_MS; after BENCH_WARMUP seconds both sides
| measure for BENCH_SECONDS.
|
| Settings (environment): BENCH_CLIENTS=1000 BENCH_INSTRUMENTS=500 BENCH_HZ=10
| BENCH_SECONDS=30 BENCH_WARMUP=5 BENCH_PORT=3471 BENCH_MODES=stream
| BENCH_SUBSCRIBE=tab|all BENCH_JSON=path (also write the raw results there),
| BENCH_SERVERS=N (web processes behind one price relay on Redis, BENCH_REDIS_URL),
| BENCH_CLIENT_PROCS=N (load generator processes, the clients split between them;
| default one per CPU, one in --smoke),
| BENCH_BUILD=0 (run the server through the TypeScript loader instead of
| compiling it first), BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=tmp/prof".
|
| --smoke: 20 clients, 50 instruments, 2 s after 1 s of warm-up, the server
| through the loader (no compile), a port of its own; exits non-zero when a
| client got no frame or a malformed one.
*/
import { fork, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { shippedNodeFlags } from './app_env.js'

const SMOKE = process.argv.includes('--smoke')
const num = (name: string, fallback: number, smoke = fallback) =>
  Number(process.env[name] ?? (SMOKE ? smoke : fallback))
const CLIENTS = num('BENCH_CLIENTS', 1000, 20)
const INSTRUMENTS = num('BENCH_INSTRUMENTS', 500, 50)
const HZ = num('BENCH_HZ', 10)
const SECONDS = num('BENCH_SECONDS', 30, 2)
const WARMUP = num('BENCH_WARMUP', 5, 1)
const PORT = num('BENCH_PORT', 3471, 20_000 + (process.pid % 10_000))
const MODES = (process.env.BENCH_MODES ?? 'stream').split(',') as ('stream' | 'transmit')[]
const SUBSCRIBE = process.env.BENCH_SUBSCRIBE === 'all' ? 'all' : 'tab'
const BUILD = process.env.BENCH_BUILD ? process.env.BENCH_BUILD !== '0' : !SMOKE
/**
 * Load generator processes, the clients split between them: 5,000 browsers read their sockets
 * in parallel, and one process reading them all in turn would add its own queue to the tail.
 */
const CLIENT_PROCS = Math.max(1, Math.min(num('BENCH_CLIENT_PROCS', cpus().length, 1), CLIENTS))
/**
 * Web processes serving the tabs (the production shape: several web processes, frames crossing
 * them through Redis). With more than one, the first drives the prices and publishes each frame
 * once on the relay; every process writes it to its own tabs; generator i reads from server
 * i mod BENCH_SERVERS. Needs Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379).
 */
const SERVERS = Math.max(1, num('BENCH_SERVERS', 1))
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROOT = fileURLToPath(new URL('../', import.meta.url))
const LOADER = ['--import', 'ts-node-maintained/register/esm']
const BUILD_DIR = join(ROOT, 'tmp', 'bench-build')
/** One clock origin for both processes, so stamps in frames stay short. */
const EPOCH = String(Date.now())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const say = (message: string) => console.error(`[bench:fanout] ${message}`)

/**
 * The server side compiled to JavaScript in tmp/bench-build (tsc with the
 * project's settings, as `node ace build` does for the server), so the server
 * runs like production, without the TypeScript loader (~80 MB of RSS).
 */
function buildServer() {
  rmSync(BUILD_DIR, { recursive: true, force: true })
  mkdirSync(BUILD_DIR, { recursive: true })
  const tsconfig = join(ROOT, 'tmp', 'bench-build.tsconfig.json')
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: {
        rootDir: '..',
        outDir: './bench-build',
        noEmit: false,
        sourceMap: false,
        declaration: false,
      },
      include: [
        '../bench/fanout_server.ts',
        '../adonisrc.ts',
        '../start',
        '../config',
        '../app',
        '../database',
        '../types',
      ],
      exclude: [],
    })
  )
  say('compiling the server (tsc) into tmp/bench-build')
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig],
    {
      cwd: ROOT,
      encoding: 'utf8',
    }
  )
  rmSync(tsconfig)
  const server = join(BUILD_DIR, 'bench', 'fanout_server.js')
  if (!existsSync(server)) throw new Error(`tsc emitted no server:\n${tsc.stdout}${tsc.stderr}`)
  if (tsc.status !== 0)
    say(
      'tsc reported type errors (emitted anyway):\n' + tsc.stdout.split('\n').slice(0, 5).join('\n')
    )
  copyFileSync(join(ROOT, 'package.json'), join(BUILD_DIR, 'package.json'))
  symlinkSync(join(ROOT, 'resources'), join(BUILD_DIR, 'resources'))
  return pathToFileURL(server)
}

/** One process, one path: no Redis relay or transport even if the shell has REDIS_URL. */
function withoutRedis(env: NodeJS.ProcessEnv) {
  const { REDIS_URL: _ignored, ...rest } = env
  return rest
}

/** A child process spoken to with { cmd } messages; `ask` resolves with its answer. */
function child(script: URL, env: Record<string, string>, compiled = false, extraArgs?: string[]) {
  const proc: ChildProcess = fork(script, [], {
    cwd: ROOT,
    execArgv: [...(compiled ? [] : LOADER), ...(extraArgs ?? [])],
    env: { ...withoutRedis(process.env), ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const name = script.pathname.split('/').pop()
  const waiting = new Map<string, (message: any) => void>()
  /** Messages that arrived before anyone asked for them. */
  const inbox = new Map<string, any>()
  let failure: ((error: Error) => void) | null = null
  proc.on('message', (message: any) => {
    if (message.cmd === 'error') failure?.(new Error(`${name}: ${message.message}`))
    const waiter = waiting.get(message.cmd)
    if (waiter) waiter(message)
    else inbox.set(message.cmd, message)
  })
  proc.on('exit', (code) => {
    if (code) failure?.(new Error(`${name} exited with code ${code}`))
  })
  return {
    proc,
    /** Waits for a message `cmd` (after sending `send`, if given). */
    ask(cmd: string, send?: string, timeoutMs = 120_000) {
      if (!send && inbox.has(cmd)) {
        const message = inbox.get(cmd)
        inbox.delete(cmd)
        return Promise.resolve(message)
      }
      inbox.delete(cmd)
      return new Promise<any>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${name}: no "${cmd}" in ${timeoutMs} ms`)),
          timeoutMs
        )
        failure = (error) => {
          clearTimeout(timer)
          reject(error)
        }
        waiting.set(cmd, (message) => {
          clearTimeout(timer)
          waiting.delete(cmd)
          resolve(message)
        })
        if (send) proc.send({ cmd: send })
      })
    },
    stop() {
      if (proc.exitCode !== null || !proc.connected) return
      proc.send({ cmd: 'stop' })
      setTimeout(() => proc.exitCode === null && proc.kill('SIGKILL'), 5000).unref()
    },
  }
}

const FANOUT_SQLITE = 'tmp/bench-fanout.sqlite3'

/**
 * Several web processes watch the market role through the database (market_watch.ts): their
 * shared SQLite file gets the schema first. One process reads nothing from it.
 */
function migrateSharedDatabase() {
  rmSync(join(ROOT, FANOUT_SQLITE), { force: true })
  const migrated = spawnSync(process.execPath, ['ace', 'migration:run', '--force'], {
    cwd: ROOT,
    env: {
      ...withoutRedis(process.env),
      SQLITE_PATH: join(ROOT, FANOUT_SQLITE),
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  })
  if (migrated.status !== 0) throw new Error(`migration:run failed:\n${migrated.stderr}`)
}

async function run(mode: 'stream' | 'transmit', port: number, serverScript: URL) {
  if (SERVERS > 1 && mode !== 'stream')
    throw new Error('BENCH_SERVERS > 1 needs BENCH_MODES=stream')
  const env = { BENCH_EPOCH: EPOCH }
  const portOf = (server: number) => port + 10 * server
  if (SERVERS > 1) migrateSharedDatabase()
  const appKey = randomBytes(24).toString('base64url')
  const servers = Array.from({ length: SERVERS }, (_, i) => {
    say(`${mode}: starting server ${i + 1} of ${SERVERS} on port ${portOf(i)}`)
    return child(
      serverScript,
      {
        ...env,
        BENCH_MODE: mode,
        BENCH_INSTRUMENTS: String(INSTRUMENTS),
        BENCH_HZ: String(HZ),
        NODE_ENV: 'production',
        PORT: String(portOf(i)),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${portOf(i)}`,
        APP_KEY: appKey,
        LOG_LEVEL: 'warn',
        SESSION_DRIVER: 'cookie',
        MARKET_FEED: 'off',
        SQLITE_PATH: join(ROOT, FANOUT_SQLITE),
        TZ: 'UTC',
        ...(SERVERS > 1 ? { REDIS_URL, REDIS_PREFIX: `bench-fanout-${process.pid}` } : {}),
      },
      BUILD,
      // As the app ships (package.json's start; BENCH_SHIPPED_FLAGS=0 to compare without), plus any diagnostics asked for.
      [
        ...(process.env.BENCH_SHIPPED_FLAGS === '0' ? [] : shippedNodeFlags()),
        ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ]
    )
  })
  const server = {
    ask: (cmd: string, send?: string) => Promise.all(servers.map((one) => one.ask(cmd, send))),
    stop: () => servers.forEach((one) => one.stop()),
  }
  const generators = Array.from({ length: CLIENT_PROCS }, (_, i) => {
    const offset = Math.floor((CLIENTS * i) / CLIENT_PROCS)
    const next = Math.floor((CLIENTS * (i + 1)) / CLIENT_PROCS)
    return child(new URL('./fanout_clients.ts', import.meta.url), {
      ...env,
      BENCH_PORT: String(portOf(i % SERVERS)),
      BENCH_CLIENTS: String(CLIENTS),
      BENCH_CLIENT_OFFSET: String(offset),
      BENCH_CLIENT_COUNT: String(next - offset),
      BENCH_INSTRUMENTS: String(INSTRUMENTS),
      BENCH_SUBSCRIBE: SUBSCRIBE,
    })
  })
  const clients = {
    ask: (cmd: string, send?: string, timeoutMs?: number) =>
      Promise.all(generators.map((g) => g.ask(cmd, send, timeoutMs))),
    stop: () => generators.forEach((g) => g.stop()),
  }
  try {
    await server.ask('ready')
    await clients.ask('ready')
    say(`${mode}: opening ${CLIENTS} SSE clients from ${CLIENT_PROCS} process(es)`)
    // Every subscription is an HTTP request: 5,000 tabs of three channels take minutes on a busy machine.
    await clients.ask('connected', 'connect', 120_000 + CLIENTS * 60)
    const count = (await server.ask('subscribers', 'subscribers')).reduce(
      (total, answer) => total + answer.count,
      0
    )
    if (count !== CLIENTS)
      throw new Error(`${count} subscribers on the server, expected ${CLIENTS}`)
    say(`${mode}: ${count} subscribed; ${INSTRUMENTS} instruments at ${HZ} Hz, warm-up ${WARMUP} s`)
    await servers[0].ask('driving', 'drive')
    await sleep(WARMUP * 1000)
    await Promise.all([server.ask('measuring', 'measure'), clients.ask('measuring', 'measure')])
    say(`${mode}: measuring for ${SECONDS} s`)
    await sleep(SECONDS * 1000)
    const [serverReport, clientReports] = await Promise.all([
      server.ask('report', 'report'),
      clients.ask('report', 'report'),
    ])
    return {
      mode,
      server: mergeServerReports(serverReport),
      clients: mergeClientReports(clientReports),
      loadAverage: loadavg()[0],
    }
  } finally {
    clients.stop()
    server.stop()
    await sleep(1000)
  }
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : Number.NaN
function summary(samples: number[]) {
  const sorted = Float64Array.from(samples).sort()
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  }
}

/** One report over every server process: CPU summed, memory of the largest, frames of the driver. */
function mergeServerReports(reports: any[]) {
  if (reports.length === 1) return { ...reports[0], processes: 1 }
  const sum = (key: string) => reports.reduce((total, r) => total + r[key], 0)
  const max = (key: string) => Math.max(...reports.map((r) => r[key]))
  return {
    ...reports[0],
    processes: reports.length,
    cpuPercent: sum('cpuPercent'),
    userPercent: sum('userPercent'),
    systemPercent: sum('systemPercent'),
    eventLoopUtilization: max('eventLoopUtilization'),
    rssIdleMb: max('rssIdleMb'),
    rssConnectedMb: max('rssConnectedMb'),
    rssMaxMb: max('rssMaxMb'),
    // The driver's time until its publish returns, not its delivery: the relay delivers later.
    flushMsAvg: Number.NaN,
    subscribers: sum('subscribers'),
    stream: {
      dropped: reports.reduce((total, r) => total + (r.stream?.dropped ?? 0), 0),
      writes: reports.reduce((total, r) => total + (r.stream?.writes ?? 0), 0),
    },
  }
}

/** One report over every load generator process: percentiles over all their samples. */
function mergeClientReports(reports: any[]) {
  const seconds = Math.max(...reports.map((r) => r.seconds))
  const sum = (key: string) => reports.reduce((total, r) => total + r[key], 0)
  const frames = sum('frames')
  return {
    processes: reports.length,
    frames,
    framesPerClientPerSecond: frames / CLIENTS / seconds,
    slowestClientFramesPerSecond: Math.min(...reports.map((r) => r.slowestClientFrames)) / seconds,
    unstamped: sum('unstamped'),
    mbPerSecond: sum('bytes') / 2 ** 20 / seconds,
    badFrames: sum('badFrames'),
    maxInstruments: Math.max(...reports.map((r) => r.maxInstruments)),
    channelsPerClient: reports[0].channelsPerClient,
    fanout: summary(reports.flatMap((r) => r.fanoutSamples)),
    tickToClient: summary(reports.flatMap((r) => r.tickSamples)),
    cpuPercent: sum('cpuPercent'),
    eventLoopUtilization: Math.max(...reports.map((r) => r.eventLoopUtilization)),
  }
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—')
/** Bytes on the wire per tab per frame: independent of how busy the machine is, unlike MB/s. */
const kbPerClientFrame = (r: {
  clients: { mbPerSecond: number }
  server: { framesPerSecond: number }
}) => (r.clients.mbPerSecond * 1024) / CLIENTS / r.server.framesPerSecond
/** CPU milliseconds the server spends per frame built (ticks, encoding and writing included). */
const cpuPerFrame = (r: { server: { cpuPercent: number; framesPerSecond: number } }) =>
  (r.server.cpuPercent * 10) / r.server.framesPerSecond

const serverScript = BUILD ? buildServer() : new URL('./fanout_server.ts', import.meta.url)
const results = []
for (const [i, mode] of MODES.entries()) results.push(await run(mode, PORT + i, serverScript))

const rows = [
  [
    'path',
    ...results.map((r) =>
      r.mode === 'stream' ? 'price stream (encode once per channel)' : 'transmit.broadcast'
    ),
  ],
  [
    'price channels per client',
    ...results.map((r) => `${r.clients.channelsPerClient} (${SUBSCRIBE})`),
  ],
  ['frames built / s', ...results.map((r) => f(r.server.framesPerSecond, 2))],
  [
    'messages received / client / s',
    ...results.map((r) => f(r.clients.framesPerClientPerSecond, 2)),
  ],
  ['  slowest client', ...results.map((r) => f(r.clients.slowestClientFramesPerSecond, 2))],
  ['fan-out latency p50 (ms)', ...results.map((r) => f(r.clients.fanout.p50))],
  ['fan-out latency p95 (ms)', ...results.map((r) => f(r.clients.fanout.p95))],
  ['fan-out latency p99 (ms)', ...results.map((r) => f(r.clients.fanout.p99))],
  ['fan-out latency max (ms)', ...results.map((r) => f(r.clients.fanout.max))],
  ['tick-to-client p50 (ms)', ...results.map((r) => f(r.clients.tickToClient.p50))],
  ['tick-to-client p99 (ms)', ...results.map((r) => f(r.clients.tickToClient.p99))],
  [
    'server: frame built → written to all sockets (ms)',
    ...results.map((r) => f(r.server.flushMsAvg)),
  ],
  ['server processes', ...results.map((r) => String(r.server.processes))],
  ['server CPU (% of one core, all)', ...results.map((r) => f(r.server.cpuPercent))],
  ['server CPU per frame (ms)', ...results.map((r) => f(cpuPerFrame(r)))],
  [
    '  user / system',
    ...results.map((r) => `${f(r.server.userPercent)} / ${f(r.server.systemPercent)}`),
  ],
  ['server event-loop utilization', ...results.map((r) => f(r.server.eventLoopUtilization, 2))],
  ['server RSS max (MB, largest process)', ...results.map((r) => f(r.server.rssMaxMb, 0))],
  [
    '  booted, no client / clients subscribed',
    ...results.map((r) => `${f(r.server.rssIdleMb, 0)} / ${f(r.server.rssConnectedMb, 0)}`),
  ],
  ['received MB / s (all clients)', ...results.map((r) => f(r.clients.mbPerSecond, 0))],
  ['received KB / client / frame built', ...results.map((r) => f(kbPerClientFrame(r), 2))],
  [
    'frames dropped (slow clients)',
    ...results.map((r) => (r.server.stream ? String(r.server.stream.dropped) : 'n/a')),
  ],
  ['malformed frames (sampled clients)', ...results.map((r) => String(r.clients.badFrames))],
  ['load generator processes', ...results.map((r) => String(r.clients.processes))],
  ['load generator CPU (% of one core, all)', ...results.map((r) => f(r.clients.cpuPercent))],
  [
    'load generator event-loop utilization (busiest)',
    ...results.map((r) => f(r.clients.eventLoopUtilization, 2)),
  ],
  ['machine load average (1 min) at the end', ...results.map((r) => f(r.loadAverage, 2))],
]
const a = results.find((r) => r.mode === 'stream')
const b = results.find((r) => r.mode === 'transmit')
if (a && b) {
  rows.push([
    'ratio transmit / stream: p99',
    `${f(b.clients.fanout.p99 / a.clients.fanout.p99)}×`,
    '',
  ])
  rows.push([
    'ratio transmit / stream: CPU',
    `${f(b.server.cpuPercent / a.server.cpuPercent)}×`,
    '',
  ])
  rows.push([
    'ratio transmit / stream: CPU per frame',
    `${f(cpuPerFrame(b) / cpuPerFrame(a))}×`,
    '',
  ])
}

const cpuModel = cpus()[0]?.model ?? 'unknown'
console.log(
  `\n${CLIENTS} SSE clients (${SUBSCRIBE}), ${INSTRUMENTS} instruments at ${HZ} Hz, ${SECONDS} s measured after ${WARMUP} s warm-up${SMOKE ? ' (smoke)' : ''}`
)
console.log(`node ${process.version}, ${cpus().length} CPUs (${cpuModel})\n`)
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)))
for (const [i, row] of rows.entries()) {
  console.log(`| ${row.map((cell, c) => (cell ?? '').padEnd(widths[c])).join(' | ')} |`)
  if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2))
if (BUILD) rmSync(BUILD_DIR, { recursive: true, force: true })
const failures = results.flatMap((r) => [
  ...(r.clients.frames === 0 ? [`${r.mode}: no client received a frame`] : []),
  ...(r.clients.badFrames > 0 ? [`${r.mode}: ${r.clients.badFrames} malformed frames`] : []),
])
for (const failure of failures) say(`FAILED: ${failure}`)
process.exit(failures.length ? 1 : 0)
