import { test } from '@japa/runner'
import { Secret } from 'otpauth'
import { matchTotp, newTotpSecret, totpCodeAt, totpUri } from '#domain/totp'
import {
  groupedKey,
  isSecondFactorMandatory,
  livePendingLogin,
  needsSecondFactor,
  parseSecondFactorCode,
  pendingLoginUntil,
  recoveryCodeFrom,
  stepIsFresh,
  timeStepAt,
  TWO_FACTOR,
} from '#domain/two_factor'

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII) and its codes (last 6 of 8 digits). */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
]

test.group('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  test('the RFC test vectors', ({ assert }) => {
    for (const [seconds, code] of RFC_VECTORS) {
      assert.equal(totpCodeAt(RFC_SECRET, seconds * 1000), code, String(seconds))
    }
  })

  test('a code matches its own step and one step of drift either way, not two', ({ assert }) => {
    const now = 1_700_000_015_000
    const step = timeStepAt(now)
    for (const drift of [-1, 0, 1]) {
      const code = totpCodeAt(RFC_SECRET, now + drift * 30_000)
      assert.equal(matchTotp(RFC_SECRET, code, now), step + drift, String(drift))
    }
    for (const drift of [-2, 2, 5]) {
      const code = totpCodeAt(RFC_SECRET, now + drift * 30_000)
      assert.isNull(matchTotp(RFC_SECRET, code, now), String(drift))
    }
    assert.isNull(matchTotp(RFC_SECRET, 'abcdef', now))
    assert.isNull(matchTotp(RFC_SECRET, '1234567', now))
  })

  test('new secrets are 160-bit base32 and the URI names issuer, account and parameters', ({
    assert,
  }) => {
    const secret = newTotpSecret()
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.notEqual(newTotpSecret(), secret)
    const uri = totpUri(secret, 'ada@demo.test', 'Broker')
    assert.match(uri, /^otpauth:\/\/totp\/Broker:ada%40demo\.test\?/)
    for (const part of [
      'issuer=Broker',
      `secret=${secret}`,
      'algorithm=SHA1',
      'digits=6',
      'period=30',
    ])
      assert.include(uri, part)
  })
})

test.group('two-factor rules', () => {
  test('mandatory for staff roles 1, 2, 4, 5, 6; optional for customers', ({ assert }) => {
    for (const role of [1, 2, 4, 5, 6]) assert.isTrue(isSecondFactorMandatory(role))
    assert.isFalse(isSecondFactorMandatory(3))
    assert.isTrue(needsSecondFactor(2, false))
    assert.isFalse(needsSecondFactor(3, false))
    assert.isTrue(needsSecondFactor(3, true))
  })

  test('a step is fresh only when later than the last one used', ({ assert }) => {
    assert.isTrue(stepIsFresh(10, null))
    assert.isTrue(stepIsFresh(11, 10))
    assert.isFalse(stepIsFresh(10, 10))
    assert.isFalse(stepIsFresh(9, 10))
    assert.equal(timeStepAt(59_999), 1)
    assert.equal(timeStepAt(60_000), 2)
  })

  test('typed codes: six digits, or a recovery code in any case with or without dashes', ({
    assert,
  }) => {
    assert.deepEqual(parseSecondFactorCode('123 456'), { kind: 'totp', code: '123456' })
    assert.deepEqual(parseSecondFactorCode(' ABCD-EFGH-JKMN '), {
      kind: 'recovery',
      code: 'abcd-efgh-jkmn',
    })
    assert.deepEqual(parseSecondFactorCode('abcdefghjkmn'), {
      kind: 'recovery',
      code: 'abcd-efgh-jkmn',
    })
    for (const bad of [
      '',
      '12345',
      '1234567',
      'abcd-efgh-ijkl',
      'abcd-efgh-jkm',
      '１２３４５６',
      'x'.repeat(64),
    ])
      assert.isNull(parseSecondFactorCode(bad), bad)
  })

  test('recovery codes: 12 characters without look-alikes, grouped by four, parsed back as themselves', ({
    assert,
  }) => {
    const code = recoveryCodeFrom(new Uint8Array(12).map((_, i) => i * 37))
    assert.match(code, /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    assert.notMatch(code, /[ilo01]/)
    assert.deepEqual(parseSecondFactorCode(code), { kind: 'recovery', code })
    assert.throws(() => recoveryCodeFrom(new Uint8Array(4)))
  })

  test('a pending login lives a few minutes and must have its shape', ({ assert }) => {
    const now = 1_000_000
    const until = pendingLoginUntil(now)
    assert.equal(until - now, TWO_FACTOR.pendingMinutes * 60_000)
    const pending = { userId: 7, remember: true, expiresAt: until, stamp: 'abc' }
    assert.deepEqual(livePendingLogin(pending, now), pending)
    assert.isNull(livePendingLogin(pending, until))
    for (const bad of [
      null,
      'x',
      { ...pending, userId: '7' },
      { ...pending, stamp: 1 },
      { ...pending, remember: 'yes' },
    ])
      assert.isNull(livePendingLogin(bad, now))
  })

  test('the manual key is shown in groups of four', ({ assert }) => {
    assert.equal(groupedKey('ABCDEFGHIJ'), 'ABCD EFGH IJ')
  })
})
