import { test } from '@japa/runner'
import {
  connectionProblem,
  VOISO_CONNECTION_MESSAGES,
  VOISO_KEY_REFUSED,
  voisoProblem,
} from '#domain/voiso_connection'
import { VOISO_MESSAGES as M } from '#domain/voiso'

test.group('Voiso connection: what an answer says of the saved key', () => {
  test('a success and a refusal of one call (400) mean it connects', ({ assert }) => {
    assert.isNull(connectionProblem(null, ''))
    assert.isNull(connectionProblem('refused', 'User not found'))
  })

  test('a refused key (401/403) is told in our words, whatever Voiso said', ({ assert }) => {
    assert.equal(connectionProblem('forbidden', 'Invalid key'), VOISO_KEY_REFUSED)
  })

  test('a timeout or an outage keeps its message; a rate limit says nothing', ({ assert }) => {
    assert.equal(connectionProblem('timeout', M.timeout), M.timeout)
    assert.equal(connectionProblem('unavailable', M.unavailable), M.unavailable)
    assert.isUndefined(connectionProblem('rate_limited', 'Slow down'))
  })

  test('every text it stores is one the dashboard translates', ({ assert }) => {
    for (const text of [VOISO_KEY_REFUSED, M.timeout, M.unavailable, M.badAnswer]) {
      assert.isTrue(VOISO_CONNECTION_MESSAGES.has(text), text)
    }
  })

  test('the dashboard warns only while a key is saved and a problem is stored', ({ assert }) => {
    assert.isNull(voisoProblem(undefined))
    assert.isNull(voisoProblem({ value2: 'key', value3: null }))
    assert.isNull(voisoProblem({ value2: '  ', value3: VOISO_KEY_REFUSED }))
    assert.isNull(voisoProblem({ value2: 'key', value3: ' ' }))
    assert.equal(voisoProblem({ value2: 'key', value3: VOISO_KEY_REFUSED }), VOISO_KEY_REFUSED)
  })
})
