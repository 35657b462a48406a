import { test } from '@japa/runner'
import { flutterwaveHashMatches } from '#services/payments/signatures/flutterwave'

// v3 webhooks carry the dashboard's secret hash itself in verif-hash: equality, nothing derived.
const SECRET_HASH = 'my-secret-hash-2024'

test.group('Flutterwave verif-hash', () => {
  test('accepts exactly the configured secret hash', ({ assert }) => {
    assert.isTrue(flutterwaveHashMatches('my-secret-hash-2024', SECRET_HASH))
  })

  test('refuses a missing, empty, near or differently cased value', ({ assert }) => {
    for (const header of [
      undefined,
      '',
      'my-secret-hash-202',
      'my-secret-hash-20245',
      'MY-SECRET-HASH-2024',
    ]) {
      assert.isFalse(flutterwaveHashMatches(header, SECRET_HASH), String(header))
    }
  })

  test('refuses everything while no secret hash is configured', ({ assert }) => {
    assert.isFalse(flutterwaveHashMatches('', ''))
    assert.isFalse(flutterwaveHashMatches('anything', ''))
  })
})
