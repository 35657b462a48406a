/*
| What no web server of ours may hand out: the database, its WAL, caught
| mail, private uploads and the server's sources, in every spelling (plain,
| `..`, percent-encoded once and twice, Vite's `/@fs/`). Used by the
| functional suite against the test server (Vite in middleware mode, as
| `npm run demo`) and, from the command line, against the production build:
|
|   node scripts/served_files_probe.js --build build   (CI, after `node ace build`)
|
| The CLI boots the build in production mode on a scratch SQLite database,
| probes the paths, checks the security headers (HSTS only over HTTPS, here
| through a trusted proxy) and the cookies' Secure flag, and exits 1 on any finding.
*/
import { spawn, spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** Marker written into each planted file: it must never come back in a body. */
export const SECRET_MARKER = 'PROBE-SECRET-7f3a9c'

/** Files planted under the app root before probing (relative path → content). */
export const PLANTED_FILES = {
  'tmp/probe/db.sqlite3': `SQLite format 3 ${SECRET_MARKER}`,
  'tmp/probe/db.sqlite3-wal': SECRET_MARKER,
  'tmp/mail/probe-reset.eml': `Subject: reset ${SECRET_MARKER}`,
  'storage/private/kyc/probe/passport.jpg': SECRET_MARKER,
  'storage/private/deposit-proofs/probe/proof.pdf': SECRET_MARKER,
}

/** Request paths that must answer 403/404 (and never the marker or source code). */
export function probePaths(appRoot) {
  const files = [
    ...Object.keys(PLANTED_FILES),
    'tmp/db.sqlite3',
    'tmp/db.sqlite3-wal',
    'tmp/test.sqlite3',
    '.env',
    'config/app.ts',
    'config/database.ts',
    'start/env.ts',
    'database/demo/seed_demo.ts',
    'app/models/user.ts',
    'package.json',
    'adonisrc.ts',
    'ace.js',
  ]
  const paths = []
  for (const file of files) {
    const parts = file.split('/')
    paths.push(`/${file}`)
    paths.push(`/inertia/../${file}`)
    paths.push(`/inertia/%2e%2e/${file}`)
    paths.push(`/inertia/%252e%252e/${file}`)
    paths.push(`/inertia/..%2f${parts.join('%2f')}`)
    paths.push(`/node_modules/../${file}`)
    paths.push(`/assets/../../${file}`)
    paths.push(`/uploads/..%2f..%2f${parts.join('%2f')}`)
    paths.push(`/@fs${join(appRoot, file)}`)
    paths.push(`/@fs/${encodeURIComponent(join(appRoot, file))}`)
    paths.push(`/${file.replaceAll('/', '%2f')}`)
    paths.push(`/${file}?raw`)
    paths.push(`/${file}?import`)
  }
  paths.push(`/@fs/etc/passwd`, `/inertia/../../../../etc/passwd`, '/..%2f..%2fetc%2fpasswd')
  return paths
}

/** Writes the planted files; returns a function that removes them. */
export function plantFiles(appRoot) {
  for (const [file, content] of Object.entries(PLANTED_FILES)) {
    const path = join(appRoot, file)
    mkdirSync(join(path, '..'), { recursive: true })
    writeFileSync(path, content)
  }
  return () => {
    for (const file of Object.keys(PLANTED_FILES)) rmSync(join(appRoot, file), { force: true })
  }
}

/** Sends each path as written (no client-side normalisation) and lists what leaked. */
export async function probeServedFiles(baseUrl, appRoot) {
  const findings = []
  for (const path of probePaths(appRoot)) {
    const { status, body } = await new Promise((done, fail) => {
      const req = request(
        new URL(baseUrl),
        { path, method: 'GET', headers: { accept: 'text/html' } },
        (res) => {
          const chunks = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () =>
            done({ status: res.statusCode, body: Buffer.concat(chunks).toString('latin1') })
          )
        }
      )
      req.on('error', fail)
      req.end()
    })
    const leaked =
      body.includes(SECRET_MARKER) ||
      /SQLite format 3|APP_KEY|defineConfig\(|export default/.test(body)
    if (![403, 404].includes(status) || leaked)
      findings.push(`${status}${leaked ? ' (content leaked)' : ''} ${path}`)
  }
  return findings
}

/* --- command line: the production build ------------------------------------------------- */

async function waitFor(url, child, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  throw new Error(`no answer from ${url} in ${seconds} s`)
}

async function probeBuild(buildDir) {
  const root = resolve(buildDir)
  const scratch = mkdtempSync(join(tmpdir(), 'probe-build-'))
  const port = 3390
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_KEY: 'probe-key-not-secret-0123456789ab',
    LOG_LEVEL: 'error',
    DB_CONNECTION: 'sqlite',
    SQLITE_PATH: join(scratch, 'db.sqlite3'),
    MARKET_FEED: 'off',
    // The probe plays the TLS-terminating proxy for the HSTS check.
    TRUSTED_PROXIES: 'loopback',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '2599',
  }
  const migrate = spawnSync('node', ['ace.js', 'migration:run', '--force'], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  if (migrate.status !== 0)
    throw new Error(`migrations failed on the build:\n${migrate.stdout}${migrate.stderr}`)

  const unplant = plantFiles(root)
  const server = spawn('node', ['bin/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const findings = []
  try {
    const base = `http://127.0.0.1:${port}`
    await waitFor(`${base}/`, server)
    findings.push(...(await probeServedFiles(base, root)))

    const page = await fetch(`${base}/`, { redirect: 'manual' })
    const missing404 = await fetch(`${base}/no-such-page`)
    for (const [name, res] of [
      ['GET /', page],
      ['404', missing404],
    ]) {
      for (const header of [
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
        'permissions-policy',
        'cross-origin-opener-policy',
      ]) {
        if (!res.headers.get(header)) findings.push(`${name}: no ${header}`)
      }
      if (res.headers.get('strict-transport-security'))
        findings.push(`${name}: HSTS sent over plain HTTP`)
    }
    const overHttps = await fetch(`${base}/`, {
      redirect: 'manual',
      headers: { 'x-forwarded-proto': 'https' },
    })
    if (!/max-age=\d+/.test(overHttps.headers.get('strict-transport-security') ?? '')) {
      findings.push('HTTPS through the trusted proxy: no HSTS')
    }
    const cookies = page.headers.getSetCookie()
    if (!cookies.length) findings.push('GET /: no cookie set')
    for (const cookie of cookies) {
      if (!/;\s*secure/i.test(cookie))
        findings.push(`cookie without Secure: ${cookie.split(';')[0].split('=')[0]}`)
    }
  } finally {
    server.kill('SIGTERM')
    unplant()
    rmSync(scratch, { recursive: true, force: true })
  }
  return findings
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const at = process.argv.indexOf('--build')
  const buildDir = at > 0 ? process.argv[at + 1] : 'build'
  probeBuild(buildDir).then(
    (findings) => {
      if (findings.length) {
        console.error(
          `Production build: ${findings.length} finding(s):\n  ${findings.join('\n  ')}`
        )
        process.exit(1)
      }
      console.log(
        'Production build: no private file served; security headers present; cookies Secure.'
      )
    },
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
