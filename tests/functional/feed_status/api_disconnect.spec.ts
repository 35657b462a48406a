import { test } from '@japa/runner'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import feedManager, { SIMULATED_MESSAGE } from '#services/market/feeds/feed_manager'
import feedHealth from '#services/market/feed_health'
import heartbeatStore from '#services/market/heartbeat_store'
import { PolygonWsFake } from '#tests/fakes/polygon_ws_fake'
import { waitFor } from '#tests/fakes/net'
import { FAST, resetMarketState } from '#tests/helpers/market_feeds'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import type { RoleId } from '#domain/roles'

const KEY = 'POLY-disconnect-secret-1234'
const row = async (key: string) => (await Setting.findBy('key', key))?.serialize() ?? null
const admin = () => demoUser(DEMO.admin)

/**
 * A saved provider can be disconnected (issue 21 item 8): DELETE
 * /admin/apis/{key} erases its row with an audit row, and the market role
 * hands its markets back to the simulator. Role 1 only, CSRF-protected.
 */
test.group('API Settings: DELETE /admin/apis/{key} disconnects a provider', (group) => {
  isolate(group)

  test('the row is erased, the card comes back empty, one audit row with the key masked', async ({
    client,
    assert,
  }) => {
    await settings.put('oandaAPI', { value1: '101-9', value2: KEY, value3: 'fxtrade' })
    const response = await api(client, 'delete', '/admin/apis/oandaAPI').loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'oandaAPI disconnected')
    assert.deepEqual(response.body().card.secretsSet, [])
    assert.deepEqual(response.body().card.values, { value1: '', value2: '', value3: 'fxpractice' })
    assert.isNull(await row('oandaAPI'))
    assert.notInclude(response.text(), KEY)

    const audit = await onlyAuditRow('settings.disconnect', 'oandaAPI')
    assert.equal(audit.target_type, 'setting')
    assert.deepEqual(audit.changes.value1, { before: '101-9', after: null })
    assert.notInclude(JSON.stringify(audit.changes), KEY)
  })

  test('Voiso disconnects too; a provider with nothing stored is refused with 422, nothing written', async ({
    client,
    assert,
  }) => {
    await settings.put('voiso', { value1: 'cluster-1', value2: 'VOISO-key' })
    const done = await api(client, 'delete', '/admin/apis/voiso').loginAs(await admin())
    done.assertStatus(200)
    assert.isNull(await row('voiso'))

    const audits = await auditCount()
    const again = await api(client, 'delete', '/admin/apis/voiso').loginAs(await admin())
    again.assertStatus(422)
    assert.equal(again.body().message, 'voiso is not connected')
    assert.equal(await auditCount(), audits)
  })

  test('an unknown key is 404; a key with other characters matches no route', async ({
    client,
  }) => {
    ;(await api(client, 'delete', '/admin/apis/stripeAPI').loginAs(await admin())).assertStatus(404)
    ;(await api(client, 'delete', '/admin/apis/polygon_API').loginAs(await admin())).assertStatus(
      404
    )
  })

  test('roles 2 to 6 get 403 and a request without the CSRF token is refused; the row stays', async ({
    client,
    assert,
  }) => {
    await settings.put('polygonAPI', { value1: KEY })
    for (const roleId of [2, 3, 4, 5, 6] as RoleId[]) {
      const response = await api(client, 'delete', '/admin/apis/polygonAPI').loginAs(
        await userOfRole(roleId)
      )
      response.assertStatus(403)
    }
    const forged = await client
      .delete('/admin/apis/polygonAPI')
      .header('Accept', 'application/json')
      .loginAs(await admin())
    forged.assertStatus(403)
    assert.equal((await row('polygonAPI'))?.value1, KEY)
  })

  test('the dashboard page carries the last heartbeat, so a key that cannot connect is warned of there', async ({
    client,
    assert,
  }) => {
    const frame = {
      type: 'heartbeat' as const,
      feeds: {
        polygonForex: { success: false, message: 'Unauthorized' },
        polygonCrypto: { success: true, message: 'Connected' },
        eodStock: { success: false, message: SIMULATED_MESSAGE },
        oandaRest: { success: false, message: 'Not configured' },
      },
    }
    heartbeatStore.remember(frame)
    try {
      const page = await client
        .get('/admin')
        .loginAs(await admin())
        .withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('staff/dashboard/index')
      assert.deepEqual(page.inertiaProps.heartbeat, frame)
    } finally {
      heartbeatStore.forget()
    }
  })
})

test.group(
  'API Settings: a disconnected provider hands its markets back to the simulator',
  (group) => {
    isolate(group)
    let polygon: PolygonWsFake

    group.each.setup(async () => {
      await feedManager.stop()
      settings.forget()
      resetMarketState()
      polygon = await PolygonWsFake.start({ apiKey: 'pk-live' })
      await feedManager.start({
        ...FAST,
        heartbeatMs: 60_000,
        settingsWatchMs: 600_000,
        urls: { polygon: polygon.url },
      })
      return async () => {
        await feedManager.stop()
        await polygon.close()
        resetMarketState()
      }
    })

    test('save a Polygon key, then disconnect: forex and crypto are simulated again', async ({
      client,
      assert,
    }) => {
      const saved = await api(client, 'put', '/admin/apis/polygonAPI', {
        key: 'polygonAPI',
        value1: 'pk-live',
      }).loginAs(await admin())
      saved.assertStatus(200)
      await waitFor(() => feedManager.running.length === 2, 'the Polygon adapter', 5000)
      assert.equal(feedHealth.feedOf('EUR_USD'), 'polygonForex')

      const gone = await api(client, 'delete', '/admin/apis/polygonAPI').loginAs(await admin())
      gone.assertStatus(200)
      await waitFor(
        () => feedManager.running.length === 0 && feedManager.simulated.includes('forex'),
        'the simulator back',
        5000
      )
      assert.include([...feedManager.simulated], 'crypto')
      assert.equal(feedHealth.feedOf('EUR_USD'), 'simulator')
      assert.deepEqual(feedManager.heartbeat().feeds.polygonForex, {
        success: false,
        message: SIMULATED_MESSAGE,
      })
    })
  }
)
