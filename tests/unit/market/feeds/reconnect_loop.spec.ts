import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { ReconnectLoop, type SessionEnd } from '#services/market/feeds/reconnect_loop'

/** Sessions the test ends by hand; each records when it was opened. */
function fakeSessions() {
  const opened: { at: number; finish: (end: SessionEnd) => void; ended: boolean }[] = []
  const open = () => {
    let finish!: (end: SessionEnd) => void
    const ended = new Promise<SessionEnd>((resolve) => (finish = resolve))
    const entry = { at: performance.now(), finish, ended: false }
    ended.then(() => (entry.ended = true))
    opened.push(entry)
    return { ended, end: () => finish({ reason: 'ended by us' }) }
  }
  return { opened, open }
}

async function until(condition: () => boolean, ms = 2_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(2)
  }
}

test.group('market feeds: the shared reconnect loop', () => {
  test('a session that ends is reported and followed by the next after the backoff', async ({
    assert,
  }) => {
    const { opened, open } = fakeSessions()
    const downs: SessionEnd[] = []
    const loop = new ReconnectLoop(open, (end) => downs.push(end), {
      backoff: { minMs: 20, maxMs: 400 },
    })
    loop.start()
    loop.start()
    assert.lengthOf(opened, 1, 'start() twice opens one session')
    const droppedAt = performance.now()
    opened[0].finish({ reason: 'Stream ended' })
    await until(() => opened.length === 2)
    assert.deepEqual(downs, [{ reason: 'Stream ended' }])
    assert.isAtLeast(opened[1].at - droppedAt, 15)
    await loop.stop()
    assert.isTrue(opened[1].ended, 'stop() ends the live session')
    assert.isFalse(loop.running)
    await sleep(60)
    assert.lengthOf(opened, 2, 'nothing opens after stop()')
    assert.lengthOf(downs, 1, 'a stop is no drop to report')
  })

  test('a refusal waits the longest delay; a healthy session makes the next retry quick', async ({
    assert,
  }) => {
    const { opened, open } = fakeSessions()
    const loop = new ReconnectLoop(open, () => {}, { backoff: { minMs: 10, maxMs: 1_000 } })
    loop.start()
    const refusedAt = performance.now()
    opened[0].finish({ reason: 'HTTP 401: bad key', refused: true })
    await until(() => opened.length === 2)
    assert.isAtLeast(opened[1].at - refusedAt, 950)

    loop.healthy()
    const droppedAt = performance.now()
    loop.drop()
    await until(() => opened.length === 3)
    assert.isBelow(opened[2].at - droppedAt, 500, 'the shortest delay, not the longest')
    await loop.stop()
  })
})
