/*
| npm run bench:smoke -- [--only=risk,scale] [--skip=orders] [--limit=45]
|
| Every benchmark in smoke mode (issue 25 item 6), so that a change that breaks
| one fails CI instead of being found the day the figures are re-measured.
| The benchmarks are the `bench:*` scripts of package.json (all but this
| one): a new one is covered as soon as it is added there. Each runs as
| `npm run <script> -- --smoke` (tiny data, the same code path, exit code ≠ 0
| when anything in it fails), one after the other, its output passed through.
| A run fails when it exits non-zero or takes longer than --limit seconds
| (default 45, or BENCH_SMOKE_LIMIT; it is then stopped, its whole process
| group). Names in --only/--skip may leave out the `bench:` prefix.
|
| The database is the benchmarks' own choice: SQLite files under tmp/ by
| default; DB_CONNECTION=pg PG_DB_NAME=… for PostgreSQL (the PostgreSQL-only
| benchmarks always use it; bench:scale --smoke rebuilds that database's
| schema, as test:failover does). Exit code 1 when any run failed.
*/
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const SELF = 'bench:smoke'

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=')
    return [k, v.length ? v.join('=') : 'true']
  })
)
const LIMIT_S = Number(args.get('limit') ?? process.env.BENCH_SMOKE_LIMIT ?? 45)
const list = (name) =>
  (args.get(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith('bench:') ? s : `bench:${s}`))
const only = list('only')
const skip = list('skip')

const scripts = Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts)
const benches = scripts.filter((name) => name.startsWith('bench:') && name !== SELF)
for (const name of [...only, ...skip]) {
  if (!benches.includes(name)) {
    console.error(`bench:smoke: no script ${name} in package.json (${benches.join(', ')})`)
    process.exit(2)
  }
}
const chosen = benches.filter((n) => (!only.length || only.includes(n)) && !skip.includes(n))

/** CPU seconds of this process's waited-for children, their descendants included (Linux; else null). */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 16 and 17 of proc(5), cutime and cstime, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return null
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** Signals a run's whole process group (npm, the benchmark, any server it started). */
function stopGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
  } catch {}
}
let current = null
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    const pid = current?.pid
    if (pid) stopGroup(pid, 'SIGTERM')
    setTimeout(() => {
      if (pid) stopGroup(pid, 'SIGKILL')
      process.exit(signal === 'SIGINT' ? 130 : 143)
    }, 2000).unref()
  })
}

/** One benchmark in smoke mode: its own process group, so that a run over the limit goes whole. */
function run(name) {
  return new Promise((resolve) => {
    const started = performance.now()
    const cpuBefore = childrenCpu()
    const child = spawn('npm', ['run', '--silent', name, '--', '--smoke'], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    })
    current = child
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      stopGroup(child.pid, 'SIGTERM')
      setTimeout(() => stopGroup(child.pid, 'SIGKILL'), 5000).unref()
    }, LIMIT_S * 1000)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      current = null
      const cpuAfter = childrenCpu()
      resolve({
        name,
        seconds: (performance.now() - started) / 1000,
        cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
        ok: !timedOut && code === 0,
        why: timedOut
          ? `over the ${LIMIT_S} s limit`
          : code === 0
            ? 'ok'
            : signal
              ? `killed by ${signal}`
              : `exit code ${code}`,
      })
    })
  })
}

const loadStart = load()
console.log(
  `bench:smoke: ${chosen.length} benchmarks, limit ${LIMIT_S} s each; load average ${loadStart}`
)
const results = []
for (const name of chosen) {
  console.log(`\n──── ${name} --smoke ────`)
  const r = await run(name)
  results.push(r)
  const cpu = r.cpu === null ? '' : `, CPU ${r.cpu.toFixed(1)} s`
  console.log(
    `──── ${name}: ${r.ok ? 'passed' : 'FAILED'} in ${r.seconds.toFixed(1)} s${cpu} (${r.why})`
  )
}

const width = Math.max(...results.map((r) => r.name.length), 10)
console.log(`\nbench:smoke summary (load average at start ${loadStart}, at end ${load()}):`)
for (const r of results) {
  const cpu = r.cpu === null ? '' : `  CPU ${r.cpu.toFixed(1).padStart(5)} s`
  console.log(
    `  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(5)} s${cpu}  ${r.ok ? '' : r.why}`
  )
}
const failed = results.filter((r) => !r.ok)
const total = results.reduce((s, r) => s + r.seconds, 0)
console.log(
  failed.length
    ? `bench:smoke: ${failed.length} of ${results.length} failed (${failed.map((r) => r.name).join(', ')}) in ${total.toFixed(0)} s`
    : `bench:smoke: all ${results.length} passed in ${total.toFixed(0)} s`
)
process.exit(failed.length ? 1 : 0)
