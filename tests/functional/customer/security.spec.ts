import { test } from '@japa/runner'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { freshRecoveryCode } from '#tests/helpers/two_factor'

test.group('GET /security', (group) => {
  isolate(group)

  test('renders the security page', async ({ client }) => {
    const customer = await UserFactory.create()
    const response = await client.get('/security').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/security')
  })
})

test.group('PUT /security/password', (group) => {
  isolate(group)

  test('changes the password: the new one logs in, the old one does not', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'put', '/security/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'a-better-password',
      // The page sends the staff-only code field blank: customers give none.
      twoFactorCode: '',
    }).loginAs(customer)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Password changed successfully')

    ;(
      await api(client, 'post', '/auth/login', {
        email: customer.email,
        password: 'a-better-password',
      })
    ).assertStatus(200)
    ;(
      await api(client, 'post', '/auth/login', {
        email: customer.email,
        password: FACTORY_PASSWORD,
      })
    ).assertStatus(400)
  })

  test('signs out remembered devices', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    await User.rememberMeTokens.create(customer, '30 days')
    ;(
      await api(client, 'put', '/security/password', {
        currentPassword: FACTORY_PASSWORD,
        newPassword: 'a-better-password',
      }).loginAs(customer)
    ).assertStatus(200)
    assert.lengthOf(await User.rememberMeTokens.all(customer), 0)
  })

  test('a wrong current password is refused under currentPassword', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'put', '/security/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-better-password',
    }).loginAs(customer)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).currentPassword, 'Current password is incorrect')
    ;(
      await api(client, 'post', '/auth/login', {
        email: customer.email,
        password: FACTORY_PASSWORD,
      })
    ).assertStatus(200)
  })

  test('the form messages of customer spec §5', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const empty = await api(client, 'put', '/security/password', {}).loginAs(customer)
    empty.assertStatus(422)
    assert.equal(fieldErrors(empty.body()).currentPassword, 'Current password is required')
    assert.equal(fieldErrors(empty.body()).newPassword, 'New password is required')

    const short = await api(client, 'put', '/security/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'short',
    }).loginAs(customer)
    short.assertStatus(422)
    assert.equal(fieldErrors(short.body()).newPassword, 'Password must be at least 8 characters')
  })

  test('the new password must differ from the current one', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'put', '/security/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: FACTORY_PASSWORD,
    }).loginAs(customer)
    response.assertStatus(422)
    assert.isOk(fieldErrors(response.body()).newPassword)
  })

  test('staff can change their own password too, with a fresh second-factor code', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const refused = await api(client, 'put', '/security/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'admin-new-pass',
    }).loginAs(admin)
    refused.assertStatus(422)
    assert.equal(
      fieldErrors(refused.body()).twoFactorCode,
      'Enter a code from your authenticator app to change your password or email'
    )
    const wrongCode = await api(client, 'put', '/security/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'admin-new-pass',
      twoFactorCode: '000000',
    }).loginAs(admin)
    wrongCode.assertStatus(422)
    assert.isOk(fieldErrors(wrongCode.body()).twoFactorCode)
    ;(
      await api(client, 'put', '/security/password', {
        currentPassword: FACTORY_PASSWORD,
        newPassword: 'admin-new-pass',
        twoFactorCode: await freshRecoveryCode(admin),
      }).loginAs(admin)
    ).assertStatus(200)
    ;(
      await api(client, 'post', '/auth/login', { email: admin.email, password: 'admin-new-pass' })
    ).assertStatus(200)
  })
})
