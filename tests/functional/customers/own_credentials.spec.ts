/*
| Issue 21 item 6: a staff member's own page (PUT /admin/customers/{own id})
| changes their password or e-mail only with the current password and a fresh
| second-factor code, as the customers' /security/password asks the password.
| A cookie alone changes the rest of the profile; an admin editing someone
| else is unchanged.
*/
import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount } from '#tests/helpers/audit'
import { freshRecoveryCode } from '#tests/helpers/two_factor'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

const FORM = {
  fullName: 'Rita Retention',
  phone: '',
  birthDate: '',
  country: '',
  city: '',
  postalCode: '',
  address: '',
}

const NEW_PASSWORD = 'a-new-password-21'

/**
 * A staff member of the role with the second factor on, as every staff account has it; read
 * back, so the columns the database fills (the session generation) are there to compare.
 */
async function staffMember(role: 'manager' | 'agent' | 'retention') {
  const user = await UserFactory.apply(role, 'withSecondFactor').create()
  return user.refresh()
}

async function unchanged(me: User, assert: { isTrue: Function; equal: Function }) {
  const fresh = await User.findOrFail(me.id)
  assert.isTrue(await hash.verify(fresh.password, FACTORY_PASSWORD))
  assert.equal(fresh.email, me.email)
  assert.equal(fresh.sessionGeneration, me.sessionGeneration)
}

test.group('Own page: password and e-mail need the current password and a code', (group) => {
  isolate(group)

  test('a new password or e-mail with the cookie alone: 422 under both fields, nothing written', async ({
    client,
    assert,
  }) => {
    const me = await staffMember('retention')
    const before = await auditCount()
    for (const change of [
      { email: me.email, password: NEW_PASSWORD },
      { email: 'rita.new@staff.test', password: '' },
    ]) {
      const response = await api(client, 'put', `/admin/customers/${me.id}`, {
        ...FORM,
        ...change,
        currentPassword: '',
        twoFactorCode: '',
      }).loginAs(me)
      response.assertStatus(422)
      const errors = fieldErrors(response.body())
      assert.equal(
        errors.currentPassword,
        'Enter your current password to change your password or email'
      )
      assert.equal(
        errors.twoFactorCode,
        'Enter a code from your authenticator app to change your password or email'
      )
    }
    await unchanged(me, assert)
    assert.equal(await auditCount(), before)
  })

  test('a wrong current password, or a right one with a wrong code: 422 under that field, nothing written', async ({
    client,
    assert,
  }) => {
    const me = await staffMember('manager')
    const code = await freshRecoveryCode(me)
    const wrongPassword = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      email: me.email,
      password: NEW_PASSWORD,
      currentPassword: 'not-my-password',
      twoFactorCode: code,
    }).loginAs(me)
    wrongPassword.assertStatus(422)
    assert.deepEqual(fieldErrors(wrongPassword.body()), {
      currentPassword: 'Current password is incorrect',
    })
    const wrongCode = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      email: me.email,
      password: NEW_PASSWORD,
      currentPassword: FACTORY_PASSWORD,
      twoFactorCode: '000000',
    }).loginAs(me)
    wrongCode.assertStatus(422)
    assert.deepEqual(fieldErrors(wrongCode.body()), {
      twoFactorCode: 'The code is invalid or was already used',
    })
    await unchanged(me, assert)
    // The wrong password did not use the code up.
    const ok = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      email: me.email,
      password: NEW_PASSWORD,
      currentPassword: FACTORY_PASSWORD,
      twoFactorCode: code,
    }).loginAs(me)
    ok.assertStatus(200)
  })

  test('the right password and a fresh code change the password and the e-mail; the code works once', async ({
    client,
    assert,
  }) => {
    const me = await staffMember('agent')
    const code = await freshRecoveryCode(me)
    const response = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      email: 'Agent.Renamed@Staff.Test',
      password: NEW_PASSWORD,
      currentPassword: FACTORY_PASSWORD,
      twoFactorCode: code,
    }).loginAs(me)
    response.assertStatus(200)
    const fresh = await User.findOrFail(me.id)
    assert.equal(fresh.email, 'agent.renamed@staff.test')
    assert.isTrue(await hash.verify(fresh.password, NEW_PASSWORD))

    const again = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      email: 'agent.again@staff.test',
      currentPassword: NEW_PASSWORD,
      twoFactorCode: code,
    }).loginAs(fresh)
    again.assertStatus(422)
    assert.equal(fieldErrors(again.body()).twoFactorCode, 'The code is invalid or was already used')
    assert.equal((await User.findOrFail(me.id)).email, 'agent.renamed@staff.test')
  })

  test('wrong current passwords are throttled like wrong codes: the sixth try is 429, the right one too', async ({
    client,
    assert,
  }) => {
    const me = await staffMember('retention')
    const code = await freshRecoveryCode(me)
    const body = (currentPassword: string) => ({
      ...FORM,
      email: me.email,
      password: NEW_PASSWORD,
      currentPassword,
      twoFactorCode: code,
    })
    for (let i = 0; i < 5; i++) {
      const response = await api(
        client,
        'put',
        `/admin/customers/${me.id}`,
        body(`wrong-${i}`)
      ).loginAs(me)
      response.assertStatus(422)
    }
    const blocked = await api(
      client,
      'put',
      `/admin/customers/${me.id}`,
      body(FACTORY_PASSWORD)
    ).loginAs(me)
    blocked.assertStatus(429)
    await unchanged(me, assert)
  })

  test('the rest of the own profile needs no proof; an unchanged e-mail in another case is no change', async ({
    client,
    assert,
  }) => {
    const me = await staffMember('retention')
    const response = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      fullName: 'Rita Renamed',
      email: me.email.toUpperCase(),
      password: '',
    }).loginAs(me)
    response.assertStatus(200)
    assert.equal((await User.findOrFail(me.id)).fullName, 'Rita Renamed')
  })

  test("an admin changing a customer's password and e-mail needs no proof of their own", async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const response = await api(client, 'put', `/admin/customers/${customer.id}`, {
      ...FORM,
      email: 'moved.customer@customers.test',
      password: NEW_PASSWORD,
    }).loginAs(admin)
    response.assertStatus(200)
    const fresh = await User.findOrFail(customer.id)
    assert.equal(fresh.email, 'moved.customer@customers.test')
    assert.isTrue(await hash.verify(fresh.password, NEW_PASSWORD))
  })
})
