#!/usr/bin/env node
// Lists the literal URLs of server routes left under inertia/ (issue 26 item 2): a
// string or template that starts with "/" and is not a static asset. Pages name
// routes through route() (inertia/lib/routes.ts) instead.
// Usage: node scripts/literal_urls.js [dir ...]   (exit 1 when any is found)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ASSET = /^\/(css|images|fonts|sounds|favicon)|\.(svg|png|jpe?g|mp3|css|ico|woff2?)$/
const LITERAL = /(['"`])(\/[A-Za-z_][^'"`\s]*)/g
const SKIP = new Set(['routes.generated.ts'])

export function literalUrls(source) {
  const found = []
  source.split('\n').forEach((line, index) => {
    const code = line.trim()
    if (
      code.startsWith('import ') ||
      code.startsWith('//') ||
      code.startsWith('/*') ||
      code.startsWith('*')
    )
      return
    if (/^\s*}?\s*from\s+'/.test(line)) return
    for (const match of line.matchAll(LITERAL)) {
      if (!ASSET.test(match[2])) found.push({ line: index + 1, url: match[2] })
    }
  })
  return found
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (/\.(ts|tsx)$/.test(name) && !SKIP.has(name)) out.push(path)
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['inertia']
  let total = 0
  for (const dir of dirs) {
    for (const file of walk(dir)) {
      for (const { line, url } of literalUrls(readFileSync(file, 'utf8'))) {
        console.log(`${file}:${line}: ${url}`)
        total++
      }
    }
  }
  console.log(`${total} literal URL(s)`)
  process.exitCode = total ? 1 : 0
}
