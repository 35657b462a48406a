import { existsSync } from 'node:fs'
import { assert } from '@japa/assert'
import { apiClient, ApiClient } from '@japa/api-client'
import { browserClient } from '@japa/browser-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import server from '@adonisjs/core/services/server'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { chromium } from 'playwright'
import { resetTestDatabase } from '#tests/helpers/database'
import { afterTestRequest } from '#tests/helpers/deferred_work'
import { guardEveryTest, installTransactionGuard } from '#tests/helpers/transaction_guard'
import { scaleAcquireTimeoutWithQueue } from '#tests/helpers/sqlite_queue'

// Mails go out after the response: a test request waits for them (tests/helpers/deferred_work.ts).
ApiClient.teardown(() => afterTestRequest())

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM_PATH)

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
  ...(hasChromium
    ? [
        browserClient({
          runInSuites: ['browser'],
          launcher: (options) =>
            chromium.launch({
              ...options,
              executablePath: CHROMIUM_PATH,
              args: [
                '--no-sandbox',
                '--disable-gpu',
                '--disable-dev-shm-usage',
                '--disable-background-networking',
                '--disable-component-update',
                '--disable-sync',
                '--no-first-run',
              ],
            }),
        }),
        sessionBrowserClient(app),
        authBrowserClient(app),
      ]
    : []),
]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  // The transaction guard (tests/helpers/transaction_guard.ts) fails a functional or browser
  // test during which a query ran outside the transaction its code had open.
  // SQLite's short acquire timeout grows with the queue (tests/helpers/sqlite_queue.ts).
  setup: [
    () => scaleAcquireTimeoutWithQueue(),
    () => resetTestDatabase(),
    () => installTransactionGuard(),
  ],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'browser' && !hasChromium) {
    if (process.env.CI === 'true') {
      throw new Error(
        `Browser suite: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`
      )
    }
    console.log(
      `Browser suite skipped: no Chromium at ${CHROMIUM_PATH}. Enable it with "apt-get install -y chromium" or set CHROMIUM_PATH.`
    )
    suite.onGroup((group) => group.tap((t) => t.skip(true, 'no Chromium')))
    suite.onTest((t) => t.skip(true, 'no Chromium'))
    return
  }
  if (['browser', 'functional'].includes(suite.name)) {
    // The app server runs in this process: a browser test's requests are guarded too.
    guardEveryTest(suite)
    return suite.setup(async () => {
      const close = await testUtils.httpServer().start()
      return async () => {
        // A browser context a test left open keeps its live streams (SSE) connected, and
        // close() waits for every connection: end them once no new ones are accepted.
        const closing = close()
        server.getNodeServer()?.closeAllConnections()
        await closing
      }
    })
  }
}
