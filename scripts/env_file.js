/*
| Tiny .env reader for the developer scripts (no dependency on the app).
| Values from the real environment win over the file, as in AdonisJS.
*/
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/** Parses KEY=value lines; ignores comments and blank lines; strips matching quotes. */
export function parseEnvFile(text) {
  const values = {}
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (!line || line.startsWith('#')) continue
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line)
    if (!match) continue
    let value = match[2].trim()
    const quote = value[0]
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1)
    } else {
      value = value.replace(/\s+#.*$/, '')
    }
    values[match[1]] = value
  }
  return values
}

/** Reads `path` (if present) and overlays process.env; returns a lookup function. */
export function loadEnv(path) {
  const fromFile = existsSync(path) ? parseEnvFile(readFileSync(path, 'utf8')) : {}
  return (key, fallback) => {
    const value = process.env[key] ?? fromFile[key]
    return value === undefined || value === '' ? fallback : value
  }
}

/**
 * Earlier .env.example files said `SESSION_DRIVER=cookie`, which keeps the whole
 * session in the cookie (a saved cookie outlives logout). Comments that line
 * out so the server-side default applies; returns true when it did. A cookie
 * store chosen in the real environment (SESSION_DRIVER=cookie npm run demo)
 * is left alone.
 */
export function retireCookieSessions(path) {
  if (process.env.SESSION_DRIVER || !existsSync(path)) return false
  const text = readFileSync(path, 'utf8')
  const line = /^[ \t]*(?:export[ \t]+)?SESSION_DRIVER[ \t]*=[ \t]*["']?cookie["']?[ \t]*$/m
  if (!line.test(text)) return false
  const note = '# Sessions are kept on the server now (database, or Redis with REDIS_URL); was:'
  writeFileSync(
    path,
    text.replace(line, (old) => `${note}\n# ${old.trim()}`)
  )
  return true
}
