import { test } from '@japa/runner'
import {
  API_KEY_SHAPE,
  fingerprintOf,
  hashApiKey,
  idempotencyKeyOf,
  maskedApiKey,
  newApiKey,
  presentedKey,
  sameSecret,
} from '#domain/lead_api'

test.group('lead API rules (app/domain/lead_api.ts)', () => {
  test('a new key: ak_ and 40 URL-safe characters, its SHA-256 and its last 4 characters', ({
    assert,
  }) => {
    const a = newApiKey()
    const b = newApiKey()
    assert.match(a.key, API_KEY_SHAPE)
    assert.notEqual(a.key, b.key)
    assert.equal(a.hash, hashApiKey(a.key))
    assert.match(a.hash, /^[0-9a-f]{64}$/)
    assert.equal(a.hint, a.key.slice(-4))
    assert.equal(maskedApiKey(a.hint).slice(-4), a.hint)
    assert.notInclude(maskedApiKey(a.hint), a.key.slice(3, 20))
  })

  test('the presented key: Bearer (any case) or X-API-Key; anything else is none', ({ assert }) => {
    assert.equal(presentedKey({ authorization: 'Bearer abc' }), 'abc')
    assert.equal(presentedKey({ authorization: 'bearer   abc  ' }), 'abc')
    assert.equal(presentedKey({ apiKey: ' abc ' }), 'abc')
    assert.equal(presentedKey({ authorization: 'Bearer abc', apiKey: 'other' }), 'abc')
    for (const authorization of ['Basic abc', 'Bearer', 'Bearer a b', 'abc', ''])
      assert.isNull(presentedKey({ authorization }), authorization)
    assert.isNull(presentedKey({ apiKey: 'x'.repeat(201) }))
    assert.isNull(presentedKey({}))
  })

  test('the idempotency key: the header, else the reference, else none', ({ assert }) => {
    assert.equal(idempotencyKeyOf('k1', 'ref'), 'key:k1')
    assert.equal(idempotencyKeyOf(undefined, 'ref'), 'ref:ref')
    assert.isNull(idempotencyKeyOf(undefined, null))
  })

  test('the fingerprint ignores field order and treats absent as null', ({ assert }) => {
    assert.equal(fingerprintOf({ a: 1, b: 'x' }), fingerprintOf({ b: 'x', a: 1 }))
    assert.equal(fingerprintOf({ a: 1, b: undefined }), fingerprintOf({ a: 1, b: null }))
    assert.notEqual(fingerprintOf({ a: 1 }), fingerprintOf({ a: 2 }))
  })

  test('sameSecret compares whole values', ({ assert }) => {
    assert.isTrue(sameSecret('secret', 'secret'))
    assert.isFalse(sameSecret('secret', 'secret2'))
    assert.isFalse(sameSecret('', 'secret'))
  })
})
