import { test } from '@japa/runner'
import { authLimitMessages, locksAccount, minutesToWait } from '#domain/auth_limits'

test.group('auth limits', () => {
  test('a wait is announced in whole minutes, rounded up, at least 1', ({ assert }) => {
    assert.equal(minutesToWait(0), 1)
    assert.equal(minutesToWait(1), 1)
    assert.equal(minutesToWait(60), 1)
    assert.equal(minutesToWait(61), 2)
    assert.equal(minutesToWait(900), 15)
  })

  test('the account locks on the failure that reaches the limit', ({ assert }) => {
    assert.isFalse(locksAccount(9, 10))
    assert.isTrue(locksAccount(10, 10))
    assert.isTrue(locksAccount(11, 10))
  })

  test('the messages name the wait, and the lock offers the reset', ({ assert }) => {
    assert.equal(
      authLimitMessages.accountLocked(840),
      'This account is locked after too many failed login attempts. Please try again in 14 minutes or reset your password.'
    )
    assert.equal(
      authLimitMessages.loginThrottled(30),
      'Too many failed login attempts. Please try again in 1 minute.'
    )
    assert.equal(
      authLimitMessages.resetThrottled(3600),
      'Too many password reset requests from your address. Please try again in 60 minutes.'
    )
    assert.equal(
      authLimitMessages.signupThrottled(125),
      'Too many sign-ups from your address. Please try again in 3 minutes.'
    )
  })
})
