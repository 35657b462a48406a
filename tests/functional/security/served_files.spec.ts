/*
| Issue 9, finding 1: the development server (Vite in middleware mode, as the
| test server runs it) served the database, caught mail, private uploads and
| sources. Each is planted with a marker and requested in every spelling; the
| production build gets the same probe from `.ci/run`.
*/
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { plantFiles, probeServedFiles } from '../../../scripts/served_files_probe.js'

test.group('Security · files the servers must not serve', () => {
  test('no private file, database or source is served, in any spelling', async ({ assert }) => {
    const root = app.makePath()
    const unplant = plantFiles(root)
    try {
      const findings = await probeServedFiles(`http://${env.get('HOST')}:${env.get('PORT')}`, root)
      assert.deepEqual(findings, [])
    } finally {
      unplant()
    }
  }).timeout(60_000)

  test('the front-end sources and Vite client are still served to the browser', async ({
    client,
  }) => {
    for (const path of [
      '/inertia/app/app.tsx',
      '/app/domain/money.ts',
      '/@vite/client',
      '/favicon.svg',
    ]) {
      const response = await client.get(path)
      response.assertStatus(200)
    }
  })
})
