import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { MarketLease } from '#services/market/market_lease'
import { MarketRole, type RoleStep } from '#services/market/market_role'

/*
| The market role's lifecycle with fake parts (issue 22 item 1), against the
| real lease table: WITHOUT the shared rolled-back transaction (the lease's
| statements commit, as between processes).
*/
const NAME = 'role-test'
const TTL = 600
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const PARTS = ['fanout', 'stale', 'candles', 'risk', 'feeds']

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await sleep(20)
  }
}

/** A role whose parts only record their starts and stops. */
function fakeRole(holder: string) {
  const events: string[] = []
  const lines: string[] = []
  const steps: RoleStep[] = PARTS.map((part) => async ({ epoch }) => {
    events.push(`start ${part} @${epoch}`)
    return () => {
      events.push(`stop ${part}`)
    }
  })
  const log = {
    info: (msg: unknown) => lines.push(String(msg)),
    warn: (a: unknown, b?: unknown) => lines.push(String(b ?? a)),
    error: (a: unknown, b?: unknown) => lines.push(String(b ?? a)),
  } as any
  const lease = new MarketLease({ holder, name: NAME, ttlMs: TTL })
  const role = new MarketRole({ lease, steps, renewMs: 100, retryMs: 100, log })
  return { role, lease, events, lines }
}

test.group('Market role', (group) => {
  group.each.setup(async () => {
    await db.from('market_leases').where('name', NAME).delete()
    return async () => {
      await db.from('market_leases').where('name', NAME).delete()
    }
  })

  test('one role runs the parts; losing the lease stops them all, feeds first; the standby takes over', async ({
    assert,
  }) => {
    const one = fakeRole('host-a:1:aaaaaa')
    const two = fakeRole('host-b:2:bbbbbb')
    try {
      one.role.start()
      await until(() => one.role.active)
      await one.role.started()
      two.role.start()
      await until(() => two.lines.some((l) => l.startsWith('market role: standing by')))
      assert.deepEqual(
        one.events,
        PARTS.map((p) => `start ${p} @1`)
      )
      assert.include(one.lines, 'market role: lease acquired (epoch 1, holder host-a:1:aaaaaa)')
      assert.include(two.lines, 'market role: standing by (held by host-a:1:aaaaaa)')
      assert.isFalse(two.role.active)

      // Another process took the lease (a network split, a paused VM): the next renewal finds it.
      await db
        .from('market_leases')
        .where('name', NAME)
        .update({ holder: 'host-c:3:cccccc', epoch: 2, expires_at: Date.now() + 400 })
      await until(() => !one.role.active)
      await until(() => one.events.length === 10)
      assert.deepEqual(
        one.events.slice(5),
        [...PARTS].reverse().map((p) => `stop ${p}`)
      )
      assert.include(one.lines, 'market role: lease lost (epoch 1)')

      // The intruder's lease runs out unrenewed: one of the standbys takes over with epoch 3.
      await until(() => one.role.active || two.role.active)
      const winner = one.role.active ? one : two
      assert.equal(winner.role.epoch, 3)
      await winner.role.started()
      assert.include(winner.events, 'start feeds @3')
    } finally {
      await one.role.stop()
      await two.role.stop()
    }
    const row = await db.from('market_leases').where('name', NAME).first()
    assert.isAtMost(Number(row.expires_at), Date.now() + 50, 'released on stop')
  }).timeout(15_000)

  test('a graceful stop ends the parts, then releases the lease for a standby at once', async ({
    assert,
  }) => {
    const one = fakeRole('host-a:1:aaaaaa')
    const two = fakeRole('host-b:2:bbbbbb')
    try {
      one.role.start()
      await until(() => one.role.active)
      two.role.start()
      await until(() => two.lines.some((l) => l.startsWith('market role: standing by')))
      const stoppedAt = Date.now()
      await one.role.stop()
      assert.deepEqual(
        one.events.slice(-5),
        [...PARTS].reverse().map((p) => `stop ${p}`)
      )
      assert.include(one.lines, 'market role: lease released (epoch 1)')
      await until(() => two.role.active)
      // Well before the lease's TTL would have run out.
      assert.isBelow(Date.now() - stoppedAt, TTL)
      assert.equal(two.role.epoch, 2)
    } finally {
      await one.role.stop()
      await two.role.stop()
    }
  }).timeout(15_000)

  test('a part that fails to start stops the others and gives the lease up', async ({ assert }) => {
    const events: string[] = []
    const lease = new MarketLease({ holder: 'host-a:1:aaaaaa', name: NAME, ttlMs: TTL })
    const steps: RoleStep[] = [
      () => {
        events.push('start fanout')
        return () => {
          events.push('stop fanout')
        }
      },
      () => {
        throw new Error('no database')
      },
    ]
    const quiet = { info() {}, warn() {}, error() {} } as any
    const role = new MarketRole({ lease, steps, renewMs: 100, retryMs: 5000, log: quiet })
    try {
      role.start()
      await until(() => events.includes('stop fanout'))
      assert.isFalse(role.active)
      // Released after the parts stopped (not left to expire).
      let held = true
      for (let i = 0; i < 50 && held; i++) {
        held = (await lease.status()).held
        if (held) await sleep(20)
      }
      assert.isFalse(held)
    } finally {
      await role.stop()
    }
  }).timeout(15_000)
})
