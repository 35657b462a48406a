/*
| What every benchmark needs to run the app as a separate process: its
| environment and, for timings that should not include the TypeScript
| loader, the server compiled to JavaScript.
*/
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const BENCH_ROOT = fileURLToPath(new URL('../', import.meta.url))
const APP_ROOT = new URL('../', import.meta.url)

/**
 * The Node flags a deployment starts every process with: those of package.json's `start`
 * script (`node <flags> bin/server.js`), which docs/PRODUCTION.md's units repeat (a unit test
 * holds them equal). Benchmarks start their servers with them, as the app ships.
 */
export function shippedNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(BENCH_ROOT, 'package.json'), 'utf8'))
  const start: string = pkg.scripts?.start ?? ''
  const match = /^node((?: --[\w-]+(?:=\S+)?)*) bin\/server\.js$/.exec(start)
  if (!match)
    throw new Error(`package.json's start script is not "node <flags> bin/server.js": ${start}`)
  return match[1].split(' ').filter(Boolean)
}

/** A benchmark's `--key=value` arguments; a bare `--flag` reads 'true'. */
export function benchArgs(argv: string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv.map((a) => {
      const arg = a.replace(/^--/, '')
      const eq = arg.indexOf('=')
      return (eq === -1 ? [arg, 'true'] : [arg.slice(0, eq), arg.slice(eq + 1)]) as [string, string]
    })
  )
}

/**
 * The app booted and started in this process as `node ace` boots it (the
 * console environment: no HTTP server), with the environment already in
 * process.env. Returns it, for `terminate()`.
 */
export async function bootConsoleApp() {
  const { Ignitor } = await import('@adonisjs/core')
  const ignitor = new Ignitor(APP_ROOT, {
    importer: (filePath: string) =>
      filePath.startsWith('./') || filePath.startsWith('../')
        ? import(new URL(filePath, APP_ROOT).href)
        : import(filePath),
  })
  const app = ignitor.createApp('console')
  await app.init()
  await app.boot()
  await import('#start/env')
  await app.start(() => {})
  return app
}

/** PostgreSQL of the benchmarks: PG_HOST/PG_PORT/PG_USER/PG_PASSWORD, default 127.0.0.1:5432 postgres. */
export function pgSettings(database: string) {
  return {
    host: process.env.PG_HOST ?? '127.0.0.1',
    port: Number(process.env.PG_PORT ?? 5432),
    user: process.env.PG_USER ?? 'postgres',
    password: process.env.PG_PASSWORD ?? '',
    database,
  }
}

export interface BenchAppSettings {
  /** development for `node ace` (the demo seeder refuses production), production for the server. */
  nodeEnv: 'development' | 'production'
  port: number
  appKey: string
  db: 'sqlite' | 'pg'
  /** The SQLite file (db sqlite). */
  sqlitePath?: string
  /** The PostgreSQL database (db pg). */
  pg?: ReturnType<typeof pgSettings>
  marketFeed: 'off' | 'simulator'
  /** Where mail goes: a local catcher, or a closed port so nothing leaves the machine. */
  smtpPort: number
  overrides?: Record<string, string>
}

/**
 * The app's environment in a benchmark: UTC, quiet logs, cookie sessions
 * (no session table in the way), the load generator trusted as a proxy on
 * loopback (each simulated client sends its own X-Forwarded-For, as behind a
 * load balancer, so per-address throttles see distinct clients).
 */
export function appEnv(s: BenchAppSettings): Record<string, string> {
  const base = `http://127.0.0.1:${s.port}`
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: s.nodeEnv,
    TZ: 'UTC',
    PORT: String(s.port),
    HOST: '127.0.0.1',
    APP_URL: base,
    APP_KEY: s.appKey,
    LOG_LEVEL: 'warn',
    SESSION_DRIVER: 'cookie',
    DB_CONNECTION: s.db,
    ...(s.sqlitePath ? { SQLITE_PATH: s.sqlitePath } : {}),
    ...(s.pg
      ? {
          PG_HOST: s.pg.host,
          PG_PORT: String(s.pg.port),
          PG_USER: s.pg.user,
          PG_PASSWORD: s.pg.password,
          PG_DB_NAME: s.pg.database,
        }
      : {}),
    MARKET_FEED: s.marketFeed,
    TRUSTED_PROXIES: 'loopback',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(s.smtpPort),
    ...s.overrides,
  }
}

/**
 * `entry` (a path under the project, e.g. 'bench/orders_server.ts' or
 * 'bin/server.ts') and the app compiled to JavaScript with the project's own
 * tsc settings, as `node ace build` compiles the backend, into tmp/<outDir>:
 * the server then runs as in production, without the TypeScript loader whose
 * hooks every dynamic import() (Adonis imports lazy middleware and
 * controllers per request) would cross. Returns the compiled entry's URL.
 */
export function compileServer(
  entry: string,
  outDir: string,
  say: (m: string) => void = console.error
): URL {
  const buildDir = join(BENCH_ROOT, 'tmp', outDir)
  rmSync(buildDir, { recursive: true, force: true })
  mkdirSync(buildDir, { recursive: true })
  const tsconfig = join(BENCH_ROOT, 'tmp', `${outDir}.tsconfig.json`)
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: {
        rootDir: '..',
        outDir: `./${outDir}`,
        noEmit: false,
        sourceMap: false,
        declaration: false,
      },
      include: [`../${entry}`, '../adonisrc.ts', '../start', '../config', '../app', '../database'],
      exclude: [],
    })
  )
  const tsc = spawnSync(
    process.execPath,
    [join(BENCH_ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig],
    {
      cwd: BENCH_ROOT,
      encoding: 'utf8',
    }
  )
  rmSync(tsconfig)
  const compiled = join(buildDir, entry.replace(/\.ts$/, '.js'))
  if (!existsSync(compiled)) throw new Error(`tsc emitted no server:\n${tsc.stdout}${tsc.stderr}`)
  if (tsc.status !== 0)
    say(`tsc reported errors (emitted anyway):\n${tsc.stdout.split('\n').slice(0, 5).join('\n')}`)
  // The subpath imports (#models/*, …) resolve through package.json; views and data stay where they are.
  copyFileSync(join(BENCH_ROOT, 'package.json'), join(buildDir, 'package.json'))
  symlinkSync(join(BENCH_ROOT, 'resources'), join(buildDir, 'resources'))
  return pathToFileURL(compiled)
}

/** The directory `compileServer` writes into, for removing it afterwards. */
export function compiledDir(outDir: string) {
  return join(BENCH_ROOT, 'tmp', outDir)
}

/**
 * `--smoke` (issue 25 item 6): the benchmark on tiny data through the same
 * code, in seconds, failing (exit code ≠ 0) when anything in it fails;
 * `npm run bench:smoke` (scripts/bench_smoke.js) runs every bench:* script so.
 */
export function isSmoke(argv: string[] = process.argv.slice(2)) {
  return argv.includes('--smoke')
}

/** A check a benchmark makes of its own results: failing, it says why and the run exits 1. */
export function expect(ok: boolean, what: string) {
  if (ok) return
  console.error(`FAILED: ${what}`)
  process.exitCode = 1
}

/**
 * The pending migrations applied in this process, on the booted app's
 * default connection, as `node ace migration:run --force` applies them (one
 * app boot instead of two: the boot is most of a smoke run's seconds).
 */
export async function migrateBooted(app: Awaited<ReturnType<typeof bootConsoleApp>>) {
  const { MigrationRunner } = await import('@adonisjs/lucid/migration')
  const db = await app.container.make('lucid.db')
  const migrator = new MigrationRunner(db, app, { direction: 'up', dryRun: false })
  await migrator.run()
  if (migrator.error) throw migrator.error
}

/**
 * A benchmark that runs the app's own code on PostgreSQL in this process:
 * the environment's defaults (database `test_d`, quiet logs, memory sessions,
 * no market role), the app booted as `node ace` boots it, then the
 * migrations as `node ace migration:run` applies them. Returns it, for
 * `terminate()`. A smoke run works in PG_DB_NAME like any other (CI: `test`).
 */
export async function bootPgBench(name: string, port: number) {
  process.env.NODE_ENV ??= 'development'
  process.env.PORT ??= String(port)
  process.env.HOST ??= '127.0.0.1'
  process.env.APP_KEY ??= 'bench-key-not-secret-0123456789abcdef'
  process.env.LOG_LEVEL ??= 'error'
  process.env.SESSION_DRIVER ??= 'memory'
  process.env.DB_CONNECTION ??= 'pg'
  process.env.PG_HOST ??= '127.0.0.1'
  process.env.PG_USER ??= 'postgres'
  process.env.PG_DB_NAME ??= 'test_d'
  process.env.MARKET_FEED = 'off'
  if (process.env.DB_CONNECTION !== 'pg') throw new Error(`${name} runs on PostgreSQL`)

  const app = await bootConsoleApp()
  console.log(`migrations on ${process.env.PG_DB_NAME}…`)
  await migrateBooted(app)
  return app
}
