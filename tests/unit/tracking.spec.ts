import { test } from '@japa/runner'
import { trackChannel, trackChannelUserId, transmitRequestProblem } from '#domain/channels'
import {
  ACTIVITY_THROTTLE_MS,
  activityDue,
  isOnline,
  onlineAmong,
  ONLINE_WINDOW_MS,
  staleBefore,
  STREAM_REFRESH_MS,
} from '#domain/presence'
import {
  addVisit,
  isTrackedPageVisit,
  TRACKING_LIST_LIMIT,
  type PageVisit,
  type RequestFacts,
} from '#domain/page_tracking'

test.group('track channel names (issue 14)', () => {
  test('track:{id} names a customer id; anything else names none', ({ assert }) => {
    assert.equal(trackChannel(42), 'track:42')
    assert.equal(trackChannelUserId('track:42'), 42)
    assert.equal(trackChannelUserId('track:2147483647'), 2147483647)
    for (const bad of [
      'track:',
      'track:0',
      'track:042',
      'track:-1',
      'track:2147483648',
      'track:1.5',
      'track:1/2',
      'track: 1',
      'Track:1',
      'track/1',
      'users/1',
      'prices',
    ]) {
      assert.isNull(trackChannelUserId(bad), bad)
    }
  })

  test('the Transmit request guard knows the track channel and nothing like it', ({ assert }) => {
    const uid = '0b6a1d8e-4c1f-4b7e-9a53-6f1f2b1f3c11'
    assert.isNull(transmitRequestProblem({ uid, channel: 'track:7' }, ['uid', 'channel']))
    for (const channel of ['track:0', 'track:x', 'track:7/x', 'track:7:8']) {
      assert.deepEqual(transmitRequestProblem({ uid, channel }, ['uid', 'channel']), {
        field: 'channel',
        message: 'No such channel',
      })
    }
  })
})

test.group('presence rules (issue 14)', () => {
  const now = 1_700_000_000_000

  test('online while last seen within the window', ({ assert }) => {
    assert.isTrue(isOnline(now, now))
    assert.isTrue(isOnline(now - ONLINE_WINDOW_MS + 1, now))
    assert.isFalse(isOnline(now - ONLINE_WINDOW_MS, now))
    assert.isTrue(isOnline(now + 5000, now), 'clock skew between processes')
    for (const never of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.isFalse(isOnline(never, now))
    }
  })

  test('a stream is re-stamped well inside the window', ({ assert }) => {
    assert.isAtMost(STREAM_REFRESH_MS * 2, ONLINE_WINDOW_MS)
    assert.isBelow(ACTIVITY_THROTTLE_MS, STREAM_REFRESH_MS)
  })

  test('onlineAmong keeps the ids seen in the window', ({ assert }) => {
    const seen = new Map([
      [1, now - 1000],
      [2, now - ONLINE_WINDOW_MS - 1],
    ])
    assert.deepEqual([...onlineAmong([1, 2, 3], seen, now)], [1])
  })

  test('activity is written at most once per throttle interval', ({ assert }) => {
    assert.isTrue(activityDue(undefined, now))
    assert.isFalse(activityDue(now - ACTIVITY_THROTTLE_MS + 1, now))
    assert.isTrue(activityDue(now - ACTIVITY_THROTTLE_MS, now))
    assert.equal(staleBefore(now), now - ONLINE_WINDOW_MS)
  })
})

test.group('page visits (issue 14)', () => {
  const page: RequestFacts = {
    method: 'GET',
    roleId: 3,
    impersonating: false,
    inertiaRequest: false,
    partialReload: false,
    prefersHtml: true,
    status: 200,
    renderedPage: true,
  }

  test('a customer opening a page, by a full load or an Inertia visit, is a visit', ({
    assert,
  }) => {
    assert.isTrue(isTrackedPageVisit(page))
    assert.isTrue(isTrackedPageVisit({ ...page, inertiaRequest: true, prefersHtml: false }))
  })

  test('staff, login-as, JSON, partial reloads, writes, redirects and errors are not', ({
    assert,
  }) => {
    for (const [why, facts] of [
      ['admin', { roleId: 1 }],
      ['agent', { roleId: 5 }],
      ['visitor', { roleId: null }],
      ['login-as', { impersonating: true }],
      ['JSON caller', { prefersHtml: false }],
      ['not a page', { renderedPage: false }],
      ['partial reload', { inertiaRequest: true, partialReload: true }],
      ['POST', { method: 'POST' }],
      ['HEAD', { method: 'HEAD' }],
      ['redirect', { status: 302 }],
      ['conflict', { status: 409 }],
      ['not found', { status: 404 }],
      ['error', { status: 500 }],
    ] as const) {
      assert.isFalse(isTrackedPageVisit({ ...page, ...facts }), why)
    }
  })

  test('the Tracking list: newest first, a URL already listed skipped, junk ignored', ({
    assert,
  }) => {
    let list: readonly PageVisit[] = []
    list = addVisit(list, { url: '/dashboard', time: '2026-01-01T10:00:00.000Z' })
    list = addVisit(list, { url: '/profile', time: '2026-01-01T10:01:00.000Z' })
    list = addVisit(list, { url: '/dashboard', time: '2026-01-01T10:02:00.000Z' })
    assert.deepEqual(
      list.map((visit) => visit.url),
      ['/profile', '/dashboard']
    )
    assert.equal(list[1].time, '2026-01-01T10:00:00.000Z')
    for (const junk of [
      null,
      'x',
      42,
      {},
      { url: '', time: 'x' },
      { url: '/a' },
      { url: 1, time: 'x' },
    ]) {
      assert.strictEqual(addVisit(list, junk), list)
    }
  })

  test('the list is bounded', ({ assert }) => {
    let list: readonly PageVisit[] = []
    for (let i = 0; i < TRACKING_LIST_LIMIT + 10; i++) {
      list = addVisit(list, { url: `/p/${i}`, time: 'x' })
    }
    assert.lengthOf(list, TRACKING_LIST_LIMIT)
    assert.equal(list[0].url, `/p/${TRACKING_LIST_LIMIT + 9}`)
  })
})
