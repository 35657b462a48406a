import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import transmit from '@adonisjs/transmit/services/main'
import Instrument from '#models/instrument'
import heartbeatStore from '#services/market/heartbeat_store'
import marketWatch, { MarketWatch } from '#services/market/market_watch'
import { staleInstruments } from '#services/market/stale_broadcast'
import { PRICES_CHANNEL } from '#domain/channels'
import { PULSE_MS } from '#domain/market_watch'
import { isolate } from '#tests/helpers/isolation'
import { openPublicTab, until } from '#tests/helpers/transmit_tab'
import { DEMO, demoUser } from '#tests/helpers/users'

const tradableNames = async () =>
  (await Instrument.query().select('name').where('tradable', true).orderBy('name')).map(
    (row) => row.name
  )

/** Issue 22 §3: a web process tells its own tabs when the market role falls silent. */
test.group('Market watch: browsers know when prices stop', (group) => {
  isolate(group)
  group.each.setup(() => {
    heartbeatStore.forgetPulse()
    marketWatch.reset()
    return () => {
      heartbeatStore.forgetPulse()
      marketWatch.reset()
    }
  })

  test("within 5 s of the role's last pulse every tab hears all prices are stale, then recovers", async ({
    client,
    assert,
  }) => {
    const tab = await openPublicTab(client, PRICES_CHANNEL)
    // The frames stay in this process: every web process watches the role itself.
    const relayed: string[] = []
    const stopSpying = transmit.on('broadcast', ({ channel }) => relayed.push(channel))
    const watch = new MarketWatch()
    // The market role, pulsing every second as feed_manager does.
    let role: NodeJS.Timeout | null = setInterval(() => heartbeatStore.pulse(), PULSE_MS)
    heartbeatStore.pulse()
    const stopWatch = watch.start()
    try {
      await new Promise((r) => setTimeout(r, 1500))
      assert.equal(watch.verdict().state, 'fresh')
      assert.deepEqual(tab.payloads(), [])

      clearInterval(role)
      role = null
      const lastPulse = (await heartbeatStore.lastPulse())!
      const down = () => tab.payloads().find((p) => p.reason === 'market-down')
      await until(() => down() !== undefined, 'the stale frame', 5000)
      assert.isBelow(Date.now() - lastPulse, 5000)
      assert.deepEqual(down(), {
        type: 'stale',
        instruments: await tradableNames(),
        reason: 'market-down',
      })
      assert.deepEqual(watch.verdict(), { state: 'down', since: lastPulse })

      // A holder appears: the tabs get this process's own view of which prices are stale.
      await Instrument.query()
        .where('name', 'EUR_USD')
        .update({ updatedAt: DateTime.now().toSQL({ includeOffset: false }) })
      heartbeatStore.pulse()
      const count = tab.payloads().length
      await until(() => tab.payloads().length > count, 'the recovery frame', 2000)
      const back = tab.payloads()[count]
      assert.deepEqual(back, { type: 'stale', instruments: await staleInstruments() })
      assert.notInclude(back.instruments, 'EUR_USD')
      assert.equal(watch.verdict().state, 'fresh')
      assert.deepEqual(relayed, [])
    } finally {
      if (role) clearInterval(role)
      stopWatch()
      stopSpying()
      tab.close()
    }
  }).timeout(15_000)

  test('while the role stays down its tabs hear it every few seconds (new tabs learn), not every poll', async ({
    client,
    assert,
  }) => {
    const tab = await openPublicTab(client, PRICES_CHANNEL)
    const t0 = Date.now()
    const died = t0 - 60_000
    const watch = new MarketWatch({ readPulse: async () => died, resendMs: 5000 })
    try {
      // 15 s of polls every 500 ms, on a clock driven by hand: the first check is the start.
      for (let now = t0; now <= t0 + 15_000; now += 500) await watch.check(now)
      assert.deepEqual(watch.verdict(), { state: 'down', since: died })
      // Down once the 3 s grace has passed (t0 + 3.5 s), then again at + 8.5 s and + 13.5 s.
      await until(() => tab.payloads().length >= 3, 'three stale frames')
      await new Promise((r) => setTimeout(r, 200))
      assert.lengthOf(tab.payloads(), 3)
      for (const payload of tab.payloads()) assert.equal(payload.reason, 'market-down')
    } finally {
      tab.close()
    }
  })

  test('API Status says since when the market role is down; Checking is for a watch just started', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser(DEMO.admin)
    const t0 = Date.now()
    heartbeatStore.pulse(t0)
    await marketWatch.check(t0)
    const fresh = await client.get('/admin/status/api').loginAs(admin).withInertia()
    fresh.assertInertiaPropsContains({ market: { state: 'fresh' } })

    // No pulse since t0: past the silence the page says Down since t0.
    await marketWatch.check(t0 + 10_000)
    const down = await client.get('/admin/status/api').loginAs(admin).withInertia()
    assert.deepEqual(down.inertiaProps.market, { state: 'down', since: t0 })

    marketWatch.reset()
    const started = await client.get('/admin/status/api').loginAs(admin).withInertia()
    assert.deepEqual(started.inertiaProps.market, { state: 'checking' })
  })
})
