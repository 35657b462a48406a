import { test } from '@japa/runner'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  APEXCHARTS_MARKER,
  CHART_PAGE,
  CHART_PAGES,
  apexchartsReach,
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
