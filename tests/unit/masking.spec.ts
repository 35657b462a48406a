import { test } from '@japa/runner'
import { maskEmail, maskPhone } from '#domain/masking'

test.group('masking (customer spec §5)', () => {
  test('keeps a local part of 4 characters or fewer whole', ({ assert }) => {
    assert.equal(maskEmail('ab@x.io'), 'ab@x.io')
    assert.equal(maskEmail('abcd@example.com'), 'abcd@example.com')
  })

  test('shows first 2 and last 2 characters of a longer local part', ({ assert }) => {
    assert.equal(maskEmail('abcde@example.com'), 'ab****de@example.com')
    assert.equal(maskEmail('customer@demo.test'), 'cu****er@demo.test')
  })

  test('masks a phone to 6 stars and its last 2 digits', ({ assert }) => {
    assert.equal(maskPhone('+4915112345678'), '******78')
    assert.equal(maskPhone('+1 (555) 010-0200'), '******00')
  })

  test('leaves an already-masked phone unchanged', ({ assert }) => {
    assert.equal(maskPhone('******78'), '******78')
  })

  test('masks an empty or one-digit phone without revealing it', ({ assert }) => {
    assert.equal(maskPhone(null), '')
    assert.equal(maskPhone('7'), '******')
  })
})
