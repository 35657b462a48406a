import { test } from '@japa/runner'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  APEXCHARTS_MARKER,
  BUDGETS,
  CHART_PAGE,
  CHART_PAGES,
  apexchartsReach,
  budgetFor,
  budgetTable,
  firstLoadFiles,
  firstLoads,
  overBudget,
  pagesWithoutKey,
  probeBuild,
  probeBundle,
} from '../../scripts/bundle_probe.js'

/*
| The production build is probed by scripts/bundle_probe.js in CI (.ci/run,
| after `node ace build`); here its rules run on small hand-made manifests
| shaped like Vite's: pages import the app entry and shared chunks, the app
| entry imports every page on demand.
*/
const APP = 'inertia/app/app.tsx'
const OTHER = 'inertia/pages/staff/deposits/index.tsx'
const CHARTS = 'inertia/components/dashboard/dashboard_charts.tsx'

function manifest(dashboardImportsChartsStatically: boolean) {
  return {
    [APP]: { file: 'app.js', isEntry: true, dynamicImports: [CHART_PAGE, OTHER] },
    [CHART_PAGE]: {
      file: 'dashboard.js',
      isDynamicEntry: true,
      imports: [APP, '_shared.js', ...(dashboardImportsChartsStatically ? [CHARTS] : [])],
      dynamicImports: dashboardImportsChartsStatically ? [] : [CHARTS],
    },
    [OTHER]: { file: 'deposits.js', isDynamicEntry: true, imports: [APP, '_shared.js'] },
    [CHARTS]: { file: 'charts.js', isDynamicEntry: true, imports: [APP, '_shared.js'] },
    '_shared.js': { file: 'shared.js' },
  }
}

test.group('bundle probe: apexcharts only on the dashboard, on demand', () => {
  test('a lazily loaded chart chunk passes', ({ assert }) => {
    assert.deepEqual(apexchartsReach(manifest(false), [CHARTS]), {
      staticOffenders: [],
      dynamicImporters: [CHART_PAGE],
    })
  })

  test('a static import is caught, and so is the app entry reaching it through the page', ({
    assert,
  }) => {
    assert.deepEqual(apexchartsReach(manifest(true), [CHARTS]), {
      staticOffenders: [CHART_PAGE],
      dynamicImporters: [APP],
    })
  })

  test('the library in a chunk every page shares is caught on every page', ({ assert }) => {
    const { staticOffenders } = apexchartsReach(manifest(false), ['_shared.js'])
    assert.deepEqual(staticOffenders, [CHART_PAGE, OTHER])
  })

  test('reads the built files: finds the chunk by the library marker and reports problems in words', ({
    assert,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-probe-'))
    try {
      mkdirSync(join(dir, '.vite'))
      const write = (m: object, chartsCode: string) => {
        writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(m))
        for (const file of ['app.js', 'dashboard.js', 'deposits.js', 'shared.js'])
          writeFileSync(join(dir, file), 'export {}')
        writeFileSync(join(dir, 'charts.js'), chartsCode)
      }
      write(manifest(false), `const c = "${APEXCHARTS_MARKER}"`)
      assert.deepEqual(probeBundle(dir), [])
      write(manifest(true), `const c = "${APEXCHARTS_MARKER}"`)
      assert.includeMembers(probeBundle(dir), [
        `${CHART_PAGE} loads apexcharts up front (chunks: ${CHARTS})`,
        `${APP} loads apexcharts on demand; only ${CHART_PAGES.join(' and ')} may`,
      ])
      write(manifest(false), 'no library here')
      assert.match(probeBundle(dir)[0], /no chunk holds "apexcharts-canvas"/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    assert.match(probeBundle(join(tmpdir(), 'no-such-build'))[0], /no Vite manifest/)
  })
})

/*
| The first-load budget (issue 25 item 4): a page's full load fetches the app
| entry and the page with their static imports and CSS, never what they import
| on demand.
*/
const LOGIN = 'inertia/pages/auth/login.tsx'
const TOASTS = 'inertia/lib/toast_region.tsx'
function shaped() {
  return {
    [APP]: {
      file: 'app.js',
      isEntry: true,
      css: ['app.css'],
      imports: ['_vendor.js'],
      dynamicImports: [LOGIN, OTHER, TOASTS],
    },
    [LOGIN]: { file: 'login.js', isDynamicEntry: true, imports: [APP, '_select.js'] },
    [OTHER]: {
      file: 'deposits.js',
      isDynamicEntry: true,
      imports: [APP, '_select.js', '_table.js'],
      css: ['deposits.css'],
      dynamicImports: [CHARTS],
    },
    [CHARTS]: { file: 'charts.js', isDynamicEntry: true, imports: [APP] },
    '_vendor.js': { file: 'vendor.js' },
    '_select.js': { file: 'select.js', imports: ['_vendor.js'] },
    '_table.js': { file: 'table.js', imports: ['_select.js'] },
    [TOASTS]: { file: 'toasts.js', isDynamicEntry: true, imports: [APP] },
  }
}
const SIZES: Record<string, number> = {
  'app.js': 100_000,
  'app.css': 20_000,
  'vendor.js': 50_000,
  'login.js': 1_000,
  'select.js': 30_000,
  'deposits.js': 5_000,
  'deposits.css': 2_000,
  'table.js': 40_000,
  'charts.js': 300_000,
  'toasts.js': 15_000,
}

test.group('bundle probe: first-load budget', () => {
  test('a page loads the entry, itself, their static imports and their CSS, each once', ({
    assert,
  }) => {
    assert.sameMembers(firstLoadFiles(shaped(), LOGIN), [
      'app.js',
      'app.css',
      'vendor.js',
      'login.js',
      'select.js',
    ])
    assert.sameMembers(firstLoadFiles(shaped(), OTHER), [
      'app.js',
      'app.css',
      'vendor.js',
      'deposits.js',
      'deposits.css',
      'select.js',
      'table.js',
    ])
  })

  test('sums gzip sizes per page, heaviest first, and names the pages over budget', ({
    assert,
  }) => {
    const budgets = [
      { pattern: /^inertia\/pages\/auth\//, bytes: 200_000, goal: 150_000, label: 'sign-in' },
      { pattern: /^inertia\/pages\/staff\//, bytes: 240_000, goal: 250_000, label: 'staff' },
    ]
    const loads = firstLoads(shaped(), (f: string) => SIZES[f], APP, budgets)
    assert.deepEqual(
      loads.map((l) => [l.page, l.bytes]),
      [
        [OTHER, 247_000],
        [LOGIN, 201_000],
      ]
    )
    assert.deepEqual(overBudget(loads), [
      `${OTHER} loads 247.0 kB gzip up front; budget for staff: < 240.0 kB`,
      `${LOGIN} loads 201.0 kB gzip up front; budget for sign-in: < 200.0 kB`,
    ])
    const roomy = budgets.map((b) => ({ ...b, bytes: 250_000 }))
    assert.deepEqual(overBudget(firstLoads(shaped(), (f: string) => SIZES[f], APP, roomy)), [])
    const table = budgetTable(loads)
    assert.match(table, /deposits\/index\.tsx\s+247\.0 kB \/ 240\.0 kB {2}OVER {2}goal met/)
    assert.match(table, /login\.tsx\s+201\.0 kB \/ 200\.0 kB {2}OVER {2}goal 150\.0 kB/)
  })

  test('a page chunk that lost its source key (no facade) is caught', ({ assert }) => {
    const m = shaped() as Record<string, any>
    assert.deepEqual(pagesWithoutKey(m, APP), [])
    // What Rollup makes of a page whose chunk exports code to its own lazy parts.
    m['_deposits-x.js'] = { ...m[OTHER], file: 'deposits-x.js' }
    delete m[OTHER]
    m[APP].dynamicImports = [LOGIN, '_deposits-x.js', TOASTS]
    assert.lengthOf(pagesWithoutKey(m, APP), 1)
    assert.match(
      pagesWithoutKey(m, APP)[0],
      /^deposits-x\.js, imported on demand by .* no source key/
    )
  })

  test('the project budgets: sign-in pages and the customer dashboard, staff pages', ({
    assert,
  }) => {
    assert.equal(budgetFor(LOGIN)?.goal, 300_000)
    assert.equal(budgetFor('inertia/pages/customer/dashboard.tsx')?.goal, 300_000)
    assert.equal(budgetFor(OTHER)?.goal, 350_000)
    for (const b of BUDGETS) assert.isAtLeast(b.bytes, b.goal)
    assert.isNotNull(budgetFor('inertia/pages/customer/dashboard.tsx'))
    assert.isNotNull(budgetFor(OTHER))
    assert.isNull(budgetFor('inertia/pages/errors/not_found.tsx'))
  })

  test('reads gzip sizes from the built files', ({ assert }) => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-budget-'))
    try {
      mkdirSync(join(dir, '.vite'))
      const m = manifest(false)
      writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(m))
      for (const file of ['app.js', 'dashboard.js', 'deposits.js', 'shared.js'])
        writeFileSync(join(dir, file), 'export {}')
      writeFileSync(join(dir, 'charts.js'), `const c = "${APEXCHARTS_MARKER}"`)
      const { problems, loads } = probeBuild(dir)
      assert.deepEqual(problems, [])
      assert.deepEqual(
        loads.map((l) => l.page),
        [CHART_PAGE, OTHER]
      )
      // gzip of 'export {}' is about 29 bytes: three files up front, the charts not.
      for (const l of loads) assert.isBelow(l.bytes, 3 * 40)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
