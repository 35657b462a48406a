import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * BROWSER_SHARD=k/n runs only the k-th of n shares of the browser suite's files
 * (CI runs share 1 on SQLite and share 2 on PostgreSQL, so the whole browser
 * suite runs once across the two side-by-side runs; docs/DECISIONS.md "Browser
 * suite split across the CI runs"). Unset: every file, as `npm test` always did.
 *
 * Files are dealt largest first to the lightest share, by size in bytes: a
 * stable stand-in for their running time that needs no list kept by hand.
 */
export function parseShard(value: string | undefined): { index: number; count: number } | null {
  if (!value) return null
  const match = /^(\d+)\/(\d+)$/.exec(value.trim())
  if (!match) throw new Error(`BROWSER_SHARD must look like 1/2, not "${value}"`)
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || index < 1 || index > count) {
    throw new Error(`BROWSER_SHARD ${value}: the share must be between 1 and the count`)
  }
  return { index, count }
}

/** The files of share `index` (1-based) of `count`, given each file's weight. */
export function dealFiles(files: { name: string; weight: number }[], index: number, count: number) {
  const shares = Array.from({ length: count }, () => ({ weight: 0, names: [] as string[] }))
  const ordered = [...files].sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name))
  for (const file of ordered) {
    const lightest = shares.reduce((best, s) => (s.weight < best.weight ? s : best))
    lightest.weight += file.weight
    lightest.names.push(file.name)
  }
  return shares[index - 1].names.sort()
}

interface SuiteConfig {
  name: string
  files: unknown
  [key: string]: unknown
}

/** The suites with the browser suite's files narrowed to this run's share (when BROWSER_SHARD is set). */
export function shardBrowserSuite<T extends SuiteConfig>(
  suites: T[],
  appRoot: URL,
  shardValue = process.env.BROWSER_SHARD
): T[] {
  const shard = parseShard(shardValue)
  if (!shard) return suites
  const dir = new URL('tests/browser/', appRoot)
  const path = dir.pathname
  const files = readdirSync(path)
    .filter((name) => /\.spec\.(ts|js)$/.test(name))
    .map((name) => ({ name, weight: statSync(join(path, name)).size }))
  const mine = dealFiles(files, shard.index, shard.count)
  console.log(`Browser suite: share ${shard.index}/${shard.count}, ${mine.length} files`)
  return suites.map((suite) =>
    suite.name === 'browser'
      ? { ...suite, files: () => mine.map((name) => pathToFileURL(join(path, name))) }
      : suite
  )
}
