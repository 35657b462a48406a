/*
| Tiny .env reader for the developer scripts (no dependency on the app).
| Values from the real environment win over the file, as in AdonisJS.
*/
import { existsSync, readFileSync } from 'node:fs'

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
