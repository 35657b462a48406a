import { test } from '@japa/runner'
import {
  AUDITED_WRITES_WHILE_IMPERSONATING,
  IMPERSONATION_MS,
  MONEY_ROUTES,
  REFUSED_MONEY_WHILE_IMPERSONATING,
  REFUSED_WHILE_IMPERSONATING,
  SESSION_WRITES_WHILE_IMPERSONATING,
  impersonationRefusal,
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

  test('money moving is refused with its own message, reads and writes alike (issue 21 item 3)', ({
    assert,
  }) => {
    for (const name of [
      'pricing.subscribe',
      'deposits.store',
      'deposits.bank.submit',
      'withdraws.bank',
      'payments.paypal.create',
      'payments.paypal.capture',
      'payments.return',
    ])
      assert.include(MONEY_ROUTES, name)
    for (const name of MONEY_ROUTES)
      for (const method of ['GET', 'POST', 'PUT'])
        assert.equal(
          impersonationRefusal(name, method, {}),
          REFUSED_MONEY_WHILE_IMPERSONATING,
          `${method} ${name}`
        )
  })

  test("writes go through only when audited or the session's own; any other write is refused; reads pass", ({
    assert,
  }) => {
    for (const name of Object.keys(AUDITED_WRITES_WHILE_IMPERSONATING))
      assert.isNull(impersonationRefusal(name, 'POST', {}), name)
    for (const name of SESSION_WRITES_WHILE_IMPERSONATING)
      assert.isNull(impersonationRefusal(name, 'POST', {}), name)
    assert.equal(impersonationRefusal('some.new_write', 'POST', {}), REFUSED_WHILE_IMPERSONATING)
    assert.equal(impersonationRefusal('some.new_write', 'delete', {}), REFUSED_WHILE_IMPERSONATING)
    assert.isNull(impersonationRefusal('some.page', 'GET', {}))
    assert.isNull(impersonationRefusal(undefined, 'POST', {}))
    assert.equal(
      impersonationRefusal('profile.update', 'PUT', { email: 'a@b.c' }),
      REFUSED_WHILE_IMPERSONATING
    )
    assert.isNull(impersonationRefusal('profile.update', 'PUT', { fullName: 'x' }))
  })
})
