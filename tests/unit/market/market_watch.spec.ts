import { test } from '@japa/runner'
import {
  marketVerdict,
  observePulse,
  readMarketDown,
  startWatch,
  type WatchMemory,
} from '#domain/market_watch'

const SILENCE = 3000
const T0 = 1_800_000_000_000

/** Reads the given pulses at the given instants, from a watch started at T0. */
function watch(reads: [now: number, pulse: number | null][]): WatchMemory {
  return reads.reduce(
    (memory, [now, pulse]) => observePulse(memory, pulse, now, SILENCE),
    startWatch(T0)
  )
}

test.group('Market watch: is the market role alive (issue 22 §3)', () => {
  test('a pulse that keeps changing is fresh', ({ assert }) => {
    const memory = watch([
      [T0, T0 - 200],
      [T0 + 500, T0 + 800],
      [T0 + 1000, T0 + 800],
      [T0 + 1500, T0 + 1800],
    ])
    assert.deepEqual(marketVerdict(memory, T0 + 1500, SILENCE), { state: 'fresh' })
  })

  test('a pulse that stops changing is down after the silence, since the last pulse', ({
    assert,
  }) => {
    const memory = watch([
      [T0, T0 - 100],
      [T0 + 500, T0 + 900],
      [T0 + 3000, T0 + 900],
      [T0 + 3500, T0 + 900],
    ])
    assert.deepEqual(marketVerdict(memory, T0 + 3500, SILENCE), { state: 'fresh' })
    assert.deepEqual(marketVerdict(memory, T0 + 3501, SILENCE), { state: 'down', since: T0 + 900 })
  })

  test("silence is measured on the reader's clock: a writer whose clock runs behind stays fresh", ({
    assert,
  }) => {
    // The writer's clock is a minute late; its pulses still change every second.
    const late = 60_000
    const memory = watch([
      [T0, T0 - late],
      [T0 + 1000, T0 + 1000 - late],
      [T0 + 2000, T0 + 2000 - late],
    ])
    assert.deepEqual(marketVerdict(memory, T0 + 2000, SILENCE), { state: 'fresh' })
  })

  test('a watch that just started says checking until the silence has passed', ({ assert }) => {
    const nothing = watch([[T0, null]])
    assert.deepEqual(marketVerdict(nothing, T0 + SILENCE, SILENCE), { state: 'checking' })
    assert.deepEqual(marketVerdict(nothing, T0 + SILENCE + 1, SILENCE), {
      state: 'down',
      since: null,
    })
  })

  test('an old pulse left by a dead role (read at start) says since when, after the grace', ({
    assert,
  }) => {
    const old = T0 - 3_600_000
    const memory = watch([
      [T0, old],
      [T0 + 2000, old],
    ])
    assert.deepEqual(marketVerdict(memory, T0 + 2000, SILENCE), { state: 'checking' })
    assert.deepEqual(marketVerdict(memory, T0 + 4000, SILENCE), { state: 'down', since: old })
  })

  test('a holder that appears again is fresh at its first new pulse', ({ assert }) => {
    const old = T0 - 3_600_000
    const down = watch([
      [T0, old],
      [T0 + 5000, old],
    ])
    assert.equal(marketVerdict(down, T0 + 5000, SILENCE).state, 'down')
    const back = observePulse(down, T0 + 5400, T0 + 5500, SILENCE)
    assert.deepEqual(marketVerdict(back, T0 + 5500, SILENCE), { state: 'fresh' })
  })

  test('a key that vanishes keeps the last pulse seen as the time of death', ({ assert }) => {
    const memory = watch([
      [T0, T0],
      [T0 + 500, null],
      [T0 + 5000, null],
    ])
    assert.deepEqual(marketVerdict(memory, T0 + 5000, SILENCE), { state: 'down', since: T0 })
  })

  test('a marketDown frame is read; anything else is not', ({ assert }) => {
    assert.deepEqual(readMarketDown({ type: 'marketDown', since: T0 }), { since: T0 })
    assert.deepEqual(readMarketDown({ type: 'marketDown', since: 'x' }), { since: null })
    assert.isNull(readMarketDown({ type: 'heartbeat', feeds: {} }))
    assert.isNull(readMarketDown(null))
  })
})
