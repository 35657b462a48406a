/*
| Which pages download apexcharts. The library (about 1 MB minified) belongs to
| the back office's dashboard charts only (issue 11 item 2): no other page, and
| not the dashboard's own first paint, may load it. The dashboard page loads
| its charts with React.lazy, so Vite puts them in a chunk of their own.
|
|   node scripts/bundle_probe.js --build build   (CI, after `node ace build`)
|   node scripts/bundle_probe.js --assets public/assets   (after `vite build`)
|
| Reads Vite's build manifest, finds the chunks holding apexcharts' code (by a
| string only the library writes) and checks that (1) no page and not the app
| entry imports one statically, however indirectly, and (2) the only module
| that imports one on demand is the dashboard page. Exits 1 otherwise.
*/
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** A class name apexcharts gives every chart it draws: present in its code, in none of ours. */
export const APEXCHARTS_MARKER = 'apexcharts-canvas'

/** The dashboard, which must load the charts on demand. */
export const CHART_PAGE = 'inertia/pages/staff/dashboard/index.tsx'
/** The modules allowed to load them on demand: the dashboard and the exposure screen (issue 24 item 3). */
export const CHART_PAGES = [CHART_PAGE, 'inertia/pages/staff/risk/index.tsx']

/** Manifest keys whose chunk holds apexcharts, read from the built files. */
export function chartChunks(manifest, assetsDir, marker = APEXCHARTS_MARKER) {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js'))
    .filter(([, chunk]) => readFileSync(join(assetsDir, chunk.file), 'utf8').includes(marker))
    .map(([key]) => key)
}

/** Every chunk a manifest entry pulls in with static imports, itself included. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen)
  return seen
}

/**
 * What the rules above find: `staticOffenders`, the pages (and the app entry)
 * whose static closure holds a chart chunk; `dynamicImporters`, the modules
 * that import on demand a chunk whose static closure holds one.
 */
export function apexchartsReach(manifest, charts) {
  const chart = new Set(charts)
  const holds = (key) => [...staticClosure(manifest, key)].some((k) => chart.has(k))
  const staticOffenders = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || key.startsWith('inertia/pages/'))
    .filter(([key]) => holds(key))
    .map(([key]) => key)
    .sort()
  const dynamicImporters = Object.entries(manifest)
    .filter(([, chunk]) => (chunk.dynamicImports ?? []).some((d) => holds(d)))
    .map(([key]) => key)
    .sort()
  return { staticOffenders, dynamicImporters }
}

/** Problems found in a built assets folder (empty when all is well). */
export function probeBundle(assetsDir) {
  const manifestPath = join(assetsDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return [`no Vite manifest at ${manifestPath}: build first`]
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const charts = chartChunks(manifest, assetsDir)
  if (charts.length === 0)
    return [
      `no chunk holds "${APEXCHARTS_MARKER}": apexcharts missing from the build, or the marker changed`,
    ]
  const { staticOffenders, dynamicImporters } = apexchartsReach(manifest, charts)
  const problems = staticOffenders.map(
    (key) => `${key} loads apexcharts up front (chunks: ${charts.join(', ')})`
  )
  for (const key of dynamicImporters)
    if (!CHART_PAGES.includes(key))
      problems.push(`${key} loads apexcharts on demand; only ${CHART_PAGES.join(' and ')} may`)
  if (!dynamicImporters.includes(CHART_PAGE))
    problems.push(`${CHART_PAGE} does not load the charts on demand`)
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const at = (flag) => {
    const i = process.argv.indexOf(flag)
    return i > 0 ? process.argv[i + 1] : null
  }
  const assets = at('--assets') ?? join(at('--build') ?? 'build', 'public', 'assets')
  const problems = probeBundle(resolve(assets))
  if (problems.length) {
    console.error(
      `bundle probe: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`
    )
    process.exit(1)
  }
  console.log(
    `bundle probe: apexcharts is loaded by ${CHART_PAGES.join(' and ')} only, on demand (${assets})`
  )
}
