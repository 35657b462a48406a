import { test } from '@japa/runner'
import {
  IMPERSONATION_MS,
  LOGIN_AS_ROLES,
  ROUTES_REFUSED_WHILE_IMPERSONATING,
  impersonationEndsAt,
  impersonationExpired,
  refusedWhileImpersonating,
} from '#domain/impersonation'

test.group('Login as: the rules (app/domain/impersonation.ts)', () => {
  test('roles 1, 2, 5 and 6 may log in as customers; customers and affiliates may not', ({
    assert,
  }) => {
    assert.sameMembers([...LOGIN_AS_ROLES], [1, 2, 5, 6])
  })

  test('a login-as session ends 30 minutes after it started, to the millisecond', ({ assert }) => {
    const start = Date.UTC(2026, 10, 24, 12, 0, 0)
    assert.equal(IMPERSONATION_MS, 30 * 60 * 1000)
    assert.equal(impersonationEndsAt(start), start + IMPERSONATION_MS)
    assert.isFalse(impersonationExpired(start, start))
    assert.isFalse(impersonationExpired(start, start + IMPERSONATION_MS - 1))
    assert.isTrue(impersonationExpired(start, start + IMPERSONATION_MS))
    for (const bad of [undefined, null, 'x', Number.NaN, Number.POSITIVE_INFINITY])
      assert.isTrue(impersonationExpired(bad, start), String(bad))
  })

  test('refused: withdrawals, password, second factor, and a profile save carrying an e-mail', ({
    assert,
  }) => {
    for (const name of ROUTES_REFUSED_WHILE_IMPERSONATING)
      assert.isTrue(refusedWhileImpersonating(name, {}), name)
    assert.isTrue(refusedWhileImpersonating('profile.update', { email: 'a@b.c' }))
    assert.isTrue(refusedWhileImpersonating('profile.update', { email: null }))
    assert.isFalse(refusedWhileImpersonating('profile.update', { fullName: 'x' }))
    assert.isFalse(refusedWhileImpersonating('profile.update', [1]))
    assert.isFalse(refusedWhileImpersonating('profile.update', null))
    assert.isFalse(refusedWhileImpersonating('orders.store', {}))
    assert.isFalse(refusedWhileImpersonating(undefined, {}))
  })
})
