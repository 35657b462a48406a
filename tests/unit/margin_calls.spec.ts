import { test } from '@japa/runner'
import { marginCallStep, type MarginCallState } from '#domain/margin_calls'

const state = (s: Partial<MarginCallState>): MarginCallState => ({
  open: false,
  positions: 2,
  marginLevel: 150,
  callLevel: 100,
  stopOutLevel: 50,
  ...s,
})

test.group('margin-call episodes (issue 24 item 5)', () => {
  test('an account at or below the margin-call level enters an episode', ({ assert }) => {
    assert.equal(marginCallStep(state({ marginLevel: 100 })), 'enter')
    assert.equal(marginCallStep(state({ marginLevel: 70 })), 'enter')
    assert.isNull(marginCallStep(state({ marginLevel: 100.01 })))
  })

  test('an open episode stays open while the level stays low: one notice per episode', ({
    assert,
  }) => {
    assert.isNull(marginCallStep(state({ open: true, marginLevel: 70 })))
    assert.isNull(marginCallStep(state({ open: true, marginLevel: 100 })))
  })

  test('recovery above the level, or nothing left open, ends it', ({ assert }) => {
    assert.equal(marginCallStep(state({ open: true, marginLevel: 100.5 })), 'leave')
    assert.equal(marginCallStep(state({ open: true, positions: 0 })), 'leave')
    assert.equal(marginCallStep(state({ open: true, marginLevel: null })), 'leave')
    assert.isNull(marginCallStep(state({ positions: 0, marginLevel: null })))
  })

  test('at the stop-out level the stop-out acts, no episode starts', ({ assert }) => {
    assert.isNull(marginCallStep(state({ marginLevel: 50 })))
    assert.isNull(marginCallStep(state({ marginLevel: 40 })))
    assert.isNull(marginCallStep(state({ marginLevel: 80, equityGone: true })))
    // An episode already open is not ended by the stop-out: the level is still low.
    assert.isNull(marginCallStep(state({ open: true, marginLevel: 40 })))
  })

  test('the site level decides: at 120 % an account at 110 % is called', ({ assert }) => {
    assert.equal(marginCallStep(state({ marginLevel: 110, callLevel: 120 })), 'enter')
    assert.isNull(marginCallStep(state({ marginLevel: 110, callLevel: 100 })))
  })
})
