import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { newTotpSecret } from '#domain/totp'
import { DEMO_PASSWORD } from '#tests/helpers/users'
import { appCode, enrol, freshRecoveryCode, steadyStep } from '#tests/helpers/two_factor'
import { afterPassword } from '#tests/helpers/two_factor_flow'

/*
| These tests run WITHOUT the shared rolled-back transaction (as
| tests/helpers/race.ts): each request has its own transaction and, on
| PostgreSQL, its own connection, so the submissions really race. Each test
| works on a staff account of its own, removed afterwards.
*/
let seq = 0

async function freshStaff() {
  const user = await User.create({
    fullName: 'Race Manager',
    email: `race-2fa-${Date.now()}-${seq++}@example.com`,
    password: DEMO_PASSWORD,
    roleId: 2,
    isEmailVerified: true,
    isActive: true,
  })
  const secret = newTotpSecret()
  await enrol(user, secret)
  return { user, secret }
}

test.group('Two-factor login under concurrent submissions', (group) => {
  group.each.setup(() => limiter.clear(['memory']))
  const made: User[] = []
  group.teardown(async () => {
    for (const user of made) await user.delete()
  })

  test('the same app code sent by six pending logins at once signs in exactly one', async ({
    assert,
  }) => {
    const { user, secret } = await freshStaff()
    made.push(user)
    const sessions = await Promise.all(Array.from({ length: 6 }, () => afterPassword(user.email)))
    await steadyStep()
    const code = appCode(secret)
    const responses = await Promise.all(
      sessions.map(({ browser }) => browser.post('/login/two-factor', { code }))
    )
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
    assert.equal(statuses.filter((s) => s === 422).length, 5, statuses.join(','))
  }).timeout(30_000)

  test('the same recovery code sent at once signs in exactly one', async ({ assert }) => {
    const { user } = await freshStaff()
    made.push(user)
    const code = await freshRecoveryCode(user)
    const sessions = await Promise.all(Array.from({ length: 6 }, () => afterPassword(user.email)))
    const responses = await Promise.all(
      sessions.map(({ browser }) => browser.post('/login/two-factor', { code }))
    )
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
  }).timeout(30_000)
})
