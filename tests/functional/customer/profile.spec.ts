import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Profile from '#models/profile'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

const IMPERSONATOR = 'impersonator'

/** A customer whose profile holds the phone and country the tests read back. */
async function customerWithProfile() {
  const customer = await UserFactory.merge({ fullName: 'Carla Customer' }).create()
  const profile = await Profile.findByOrFail('user_id', customer.id)
  profile.merge({ phone: '+4915112345678', country: 'Germany' })
  await profile.save()
  return customer
}

function profileUpdate(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Carla C. Customer',
    phone: '+49 151 9999 0000',
    birthDate: '1985-02-03',
    country: 'Austria',
    city: 'Vienna',
    address: 'Ringstraße 1',
    postalCode: '1010',
    ...overrides,
  }
}

test.group('GET /profile', (group) => {
  isolate(group)

  test('renders the profile form with the e-mail obscured', async ({ client }) => {
    // Every field filled, as the seed fills the demo customer's; the e-mail's local part long enough to obscure.
    const customer = await UserFactory.merge({
      fullName: 'Carla Customer',
      email: 'customer@factory.test',
    }).create()
    const profile = await Profile.findByOrFail('user_id', customer.id)
    profile.merge({
      phone: '+4915112345678',
      birthDate: DateTime.fromISO('1988-04-12'),
      country: 'Germany',
      city: 'Berlin',
      address: 'Friedrichstraße 100',
      postalCode: '10117',
    })
    await profile.save()
    const response = await client.get('/profile').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/profile')
    response.assertInertiaPropsContains({
      profile: {
        fullName: 'Carla Customer',
        email: 'cu****er@factory.test',
        phone: '+4915112345678',
        phoneLocked: false,
        birthDate: '1988-04-12',
        country: 'Germany',
        city: 'Berlin',
        address: 'Friedrichstraße 100',
        postalCode: '10117',
      },
    })
  })

  test('an agent login-as session sees the phone obscured and locked', async ({ client }) => {
    const customer = await customerWithProfile()
    const agent = await UserFactory.apply('agent').create()
    const response = await client
      .get('/profile')
      .loginAs(customer)
      .withSession({ [IMPERSONATOR]: { staffId: agent.id, staffRoleId: 5 } })
      .withInertia()
    response.assertInertiaPropsContains({ profile: { phone: '******78', phoneLocked: true } })
    response.assertInertiaPropsContains({ session: { impersonating: true, agentSession: true } })
  })

  test('an admin login-as session sees the phone in full', async ({ client }) => {
    const customer = await customerWithProfile()
    const admin = await UserFactory.apply('admin').create()
    const response = await client
      .get('/profile')
      .loginAs(customer)
      .withSession({ [IMPERSONATOR]: { staffId: admin.id, staffRoleId: 1 } })
      .withInertia()
    response.assertInertiaPropsContains({
      profile: { phone: '+4915112345678', phoneLocked: false },
    })
  })

  test('a user without a profile row gets empty fields', async ({ client }) => {
    const customer = await UserFactory.create()
    await Profile.query().where('user_id', customer.id).delete()
    const response = await client.get('/profile').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaPropsContains({ profile: { phone: '', country: '', birthDate: '' } })
  })
})

test.group('PUT /profile/me', (group) => {
  isolate(group)

  test('saves every field', async ({ client, assert }) => {
    const customer = await customerWithProfile()
    const { email } = customer
    const response = await api(client, 'put', '/profile/me', profileUpdate()).loginAs(customer)
    response.assertStatus(200)
    response.assertBodyContains({ message: 'Profile updated successfully' })

    await customer.refresh()
    assert.equal(customer.fullName, 'Carla C. Customer')
    assert.equal(customer.email, email)
    const profile = await Profile.findByOrFail('user_id', customer.id)
    assert.equal(profile.phone, '+49 151 9999 0000')
    assert.equal(profile.birthDate?.toISODate(), '1985-02-03')
    assert.equal(profile.country, 'Austria')
    assert.equal(profile.city, 'Vienna')
    assert.equal(profile.address, 'Ringstraße 1')
    assert.equal(profile.postalCode, '1010')
  })

  test('fields left out keep their value; e-mail and role cannot be changed here', async ({
    client,
    assert,
  }) => {
    const customer = await customerWithProfile()
    const { email } = customer
    const response = await api(client, 'put', '/profile/me', {
      fullName: 'Only Name',
      email: 'hijack@example.com',
      roleId: 1,
    }).loginAs(customer)
    response.assertStatus(200)
    await customer.refresh()
    assert.equal(customer.fullName, 'Only Name')
    assert.equal(customer.email, email)
    assert.equal(customer.roleId, 3)
    const profile = await Profile.findByOrFail('user_id', customer.id)
    assert.equal(profile.city, 'Berlin')
    assert.equal(profile.phone, '+4915112345678')
  })

  test('creates the profile row when it is missing', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    await Profile.query().where('user_id', customer.id).delete()
    ;(await api(client, 'put', '/profile/me', profileUpdate()).loginAs(customer)).assertStatus(200)
    assert.equal((await Profile.findByOrFail('user_id', customer.id)).city, 'Vienna')
  })

  test('an agent login-as session cannot change the phone', async ({ client, assert }) => {
    const customer = await customerWithProfile()
    const agent = await UserFactory.apply('retention').create()
    const response = await api(
      client,
      'put',
      '/profile/me',
      profileUpdate({ phone: '+1 555 000 1111' })
    )
      .loginAs(customer)
      .withSession({ [IMPERSONATOR]: { staffId: agent.id, staffRoleId: 6 } })
    response.assertStatus(200)
    const profile = await Profile.findByOrFail('user_id', customer.id)
    assert.equal(profile.phone, '+4915112345678')
    assert.equal(profile.city, 'Vienna')
  })

  test('full name is required', async ({ client, assert }) => {
    const customer = await customerWithProfile()
    const response = await api(
      client,
      'put',
      '/profile/me',
      profileUpdate({ fullName: undefined })
    ).loginAs(customer)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).fullName, 'Full name is required')
    await customer.refresh()
    assert.equal(customer.fullName, 'Carla Customer')
  })

  test('a bad phone, an unknown country or an under-age birth date is refused and nothing changes', async ({
    client,
    assert,
  }) => {
    const customer = await customerWithProfile()
    const phone = await api(client, 'put', '/profile/me', profileUpdate({ phone: 'abc' })).loginAs(
      customer
    )
    phone.assertStatus(422)
    assert.equal(fieldErrors(phone.body()).phone, 'Enter a valid phone number')

    const country = await api(
      client,
      'put',
      '/profile/me',
      profileUpdate({ country: 'Narnia' })
    ).loginAs(customer)
    country.assertStatus(422)
    assert.equal(fieldErrors(country.body()).country, 'Choose a country from the list')

    const young = new Date()
    young.setFullYear(young.getFullYear() - 10)
    const birth = await api(
      client,
      'put',
      '/profile/me',
      profileUpdate({ birthDate: young.toISOString().slice(0, 10) })
    ).loginAs(customer)
    birth.assertStatus(422)
    assert.equal(fieldErrors(birth.body()).birthDate, 'You must be at least 18 years old')

    await customer.refresh()
    assert.equal(customer.fullName, 'Carla Customer')
    assert.equal((await Profile.findByOrFail('user_id', customer.id)).country, 'Germany')
  })

  test('too-long values are refused with a clear message', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await api(
      client,
      'put',
      '/profile/me',
      profileUpdate({ city: 'x'.repeat(101) })
    ).loginAs(customer)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).city, 'The city field must be at most 100 characters')
  })

  test('updates only the signed-in user', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const customer = await customerWithProfile()
    ;(
      await api(
        client,
        'put',
        '/profile/me',
        profileUpdate({ userId: customer.id, id: customer.id })
      ).loginAs(newcomer)
    ).assertStatus(200)
    assert.equal((await User.findOrFail(customer.id)).fullName, 'Carla Customer')
    assert.equal((await User.findOrFail(newcomer.id)).fullName, 'Carla C. Customer')
  })
})
