import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import LedgerEntry from '#models/ledger_entry'
import { closeOrder } from '#actions/orders/close_order'
import marketLease, { LeaseLostError, MarketLease } from '#services/market/market_lease'
import { freshCustomer } from '#tests/helpers/race'
import { openPosition } from '#tests/helpers/positions'
import { DEMO, demoUser } from '#tests/helpers/users'

/*
| The market lease against the real database (issue 22 item 1): two leases
| with different holder ids stand for two processes. These tests run WITHOUT
| the shared rolled-back transaction: the lease's statements commit, as in
| production, and the PostgreSQL test needs two connections.
*/
const NAME = 'lease-test'
const TTL = 500
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const lease = (holder: string) => new MarketLease({ holder, name: NAME, ttlMs: TTL })
const isPg = () => db.connection().dialect.name === 'postgres'

test.group('Market lease', (group) => {
  group.each.setup(async () => {
    await db.from('market_leases').where('name', NAME).delete()
    return async () => {
      await db.from('market_leases').where('name', NAME).delete()
    }
  })

  test('of two processes competing, exactly one acquires; the other sees who holds it', async ({
    assert,
  }) => {
    const a = lease('host-a:1:aaaaaa')
    const b = lease('host-b:2:bbbbbb')
    const [ea, eb] = await Promise.all([a.acquire(), b.acquire()])
    assert.equal([ea, eb].filter((e) => e !== null).length, 1)
    const [winner, epoch] = ea !== null ? [a, ea] : [b, eb!]
    const loser = winner === a ? b : a
    assert.equal(epoch, 1)
    assert.isNull(await loser.acquire())
    assert.isTrue(await winner.renew(epoch))
    assert.isNull(await loser.acquire())

    const seen = await loser.status()
    assert.include(seen, { holder: winner.holder, epoch: 1, held: true, isMe: false })
    assert.isTrue((await winner.status()).isMe)
    assert.instanceOf(seen.acquiredAt, Date)
    assert.isTrue(seen.expiresAt!.getTime() > seen.renewedAt!.getTime())
  })

  test('after expiry the other takes over with the next epoch; the deposed renewal and fenced writes fail', async ({
    assert,
  }) => {
    const a = lease('host-a:1:aaaaaa')
    const b = lease('host-b:2:bbbbbb')
    const ea = (await a.acquire())!
    assert.isNull(await b.acquire())
    await sleep(TTL + 100)
    const eb = await b.acquire()
    assert.equal(eb, ea + 1)
    assert.isFalse(await a.renew(ea))
    assert.isTrue(await b.renew(eb!))

    // The deposed holder's write rolls back with its transaction.
    await assert.rejects(
      () =>
        db.transaction(async (trx) => {
          await trx.table('market_leases').insert({ name: 'lease-probe', epoch: 0, expires_at: 0 })
          await a.assertLeaseHeld(trx, ea)
        }),
      /market lease held by host-b:2:bbbbbb/
    )
    assert.isNull(await db.from('market_leases').where('name', 'lease-probe').first())
    // The holder's own write goes through.
    await db.transaction((trx) => b.assertLeaseHeld(trx, eb!))
    // An old epoch of the right holder is refused too.
    await assert.rejects(() => db.transaction((trx) => b.assertLeaseHeld(trx, ea)), LeaseLostError)
  })

  test("a deposed risk engine's close rolls back; the holder's fenced close goes through", async ({
    assert,
  }) => {
    const { user } = await freshCustomer('10000')
    const order = await openPosition(user, { instrument: 'AAPL', type: 'buy', amount: '1' })
    const a = lease('host-a:1:aaaaaa')
    const b = lease('host-b:2:bbbbbb')
    const ea = (await a.acquire())!
    await sleep(TTL + 100)
    const eb = (await b.acquire())!

    const close = (fence: ReturnType<MarketLease['fence']>) =>
      closeOrder({
        orderId: order.id,
        userId: null,
        reason: 'stop_loss',
        quote: { bid: order.openRate, ask: order.openRate, at: Date.now() },
        fence,
      })
    await assert.rejects(() => close(a.fence(ea)), LeaseLostError)
    await order.refresh()
    assert.isNull(order.closeTime)
    const entries = () =>
      LedgerEntry.query().where('reference_type', 'order').where('reference_id', order.id)
    assert.lengthOf(await entries(), 0)

    assert.isNotNull(await close(b.fence(eb)))
    assert.isNotNull((await Order.findOrFail(order.id)).closeTime)
    assert.lengthOf(await entries(), 1)
  })

  test('a released lease is taken at once; an expired one nobody took is renewed, not released', async ({
    assert,
  }) => {
    const a = lease('host-a:1:aaaaaa')
    const b = lease('host-b:2:bbbbbb')
    const ea = (await a.acquire())!
    assert.isTrue(await a.release(ea))
    assert.isFalse((await a.status()).held)
    const eb = (await b.acquire())!
    assert.equal(eb, ea + 1)
    assert.isFalse(await a.release(ea))
    await sleep(TTL + 100)
    assert.isFalse(await b.release(eb))
    // While expired its writes are refused; nobody took it, so its renewal keeps it (a slow database).
    await assert.rejects(() => db.transaction((trx) => b.assertLeaseHeld(trx, eb)), /expired/)
    assert.isTrue(await b.renew(eb))
    await db.transaction((trx) => b.assertLeaseHeld(trx, eb))
    assert.isFalse(await a.renew(ea))
  })

  test('PostgreSQL: a takeover waits while a fenced write holds the lease row, then starts after it', async ({
    assert,
  }) => {
    const a = lease('host-a:1:aaaaaa')
    const b = lease('host-b:2:bbbbbb')
    const ea = (await a.acquire())!
    const trx = await db.transaction()
    try {
      await a.assertLeaseHeld(trx, ea)
      await trx.table('market_leases').insert({ name: 'lease-probe', epoch: 0, expires_at: 0 })
      await sleep(TTL + 100) // a's lease runs out while its write is still under way
      let took: number | null | undefined
      const takeover = b.acquire().then((e) => (took = e))
      await sleep(400)
      assert.isUndefined(took, 'the takeover waited for the fenced write')
      await trx.commit()
      await takeover
      assert.equal(took, ea + 1)
    } finally {
      if (!trx.isCompleted) await trx.rollback()
      await db.from('market_leases').where('name', 'lease-probe').delete()
    }
  })
    .skip(!isPg(), 'PostgreSQL only (SQLite has one writer and one process)')
    .timeout(10_000)
})

test.group('Market lease on API Status', (group) => {
  group.each.setup(async () => {
    await db.from('market_leases').where('name', 'market').delete()
    return async () => {
      await db.from('market_leases').where('name', 'market').delete()
    }
  })

  test('the page names the process holding the market role, its epoch and since when', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser(DEMO.admin)
    const page = () => client.get('/admin/status/api').loginAs(admin).withInertia()
    const none = await page()
    none.assertStatus(200)
    assert.isNull(none.inertiaProps.marketRole)

    const epoch = (await marketLease.acquire())!
    const held = await page()
    const role = held.inertiaProps.marketRole as { holder: string; epoch: number; since: string }
    assert.equal(role.holder, marketLease.holder)
    assert.equal(role.epoch, epoch)
    assert.closeTo(Date.parse(role.since), Date.now(), 10_000)

    await marketLease.release(epoch)
    assert.isNull((await page()).inertiaProps.marketRole)
  })
})
