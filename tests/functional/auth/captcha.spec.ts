import { test } from '@japa/runner'
import env from '#start/env'
import settings from '#services/settings_service'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { GOOD_TOKEN, startFakeRecaptcha } from '#tests/helpers/fake_recaptcha'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'

const SECRET = 'test-secret-key'
const ROBOT = 'Please confirm you are not a robot'

test.group('captcha on the visitor forms', (group) => {
  isolate(group)

  let fake: Awaited<ReturnType<typeof startFakeRecaptcha>>
  const previousUrl = process.env.RECAPTCHA_VERIFY_URL

  group.setup(async () => {
    fake = await startFakeRecaptcha(SECRET)
    // env.get reads process.env at call time for a variable that was not set at boot.
    process.env.RECAPTCHA_VERIFY_URL = fake.url
    if (env.get('RECAPTCHA_VERIFY_URL') !== fake.url) {
      throw new Error(
        'RECAPTCHA_VERIFY_URL is fixed at boot; the captcha tests cannot point it at the fake'
      )
    }
    return async () => {
      if (previousUrl === undefined) delete process.env.RECAPTCHA_VERIFY_URL
      else process.env.RECAPTCHA_VERIFY_URL = previousUrl
      await fake.close()
    }
  })

  group.each.setup(async () => {
    fake.requests.length = 0
    await settings.put('recaptchaToggle', { value1: 'on' })
    await settings.put('captchaClientKey', { value1: 'test-site-key' })
    await settings.put('captchaSecretKey', { value1: SECRET })
  })

  test('pages receive the captcha status and the site key', async ({ client }) => {
    const response = await client.get('/').withInertia()
    response.assertInertiaPropsContains({
      branding: { recaptcha: { status: 'on', key: 'test-site-key' } },
    })
  })

  test('login: a missing answer is refused under humanKey without asking the provider', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
    })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).humanKey, ROBOT)
    response.assertSessionMissing('auth_web')
    assert.lengthOf(fake.requests, 0)
  })

  test('login: a wrong answer is refused', async ({ client, assert }) => {
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
      humanKey: 'bad-token',
    })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).humanKey, ROBOT)
    assert.lengthOf(fake.requests, 1)
    assert.equal(fake.requests[0].response, 'bad-token')
  })

  test('login: a good answer passes; the provider gets the secret, the answer and the IP', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
      humanKey: GOOD_TOKEN,
    })
    response.assertStatus(200)
    assert.lengthOf(fake.requests, 1)
    assert.equal(fake.requests[0].secret, SECRET)
    assert.equal(fake.requests[0].response, GOOD_TOKEN)
    assert.isOk(fake.requests[0].remoteip)
  })

  test('login: a captcha failure does not count as a failed password attempt', async ({
    client,
  }) => {
    for (let i = 0; i < 6; i++) {
      ;(
        await api(client, 'post', '/auth/login', { email: DEMO.customer, password: DEMO_PASSWORD })
      ).assertStatus(422)
    }
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
      humanKey: GOOD_TOKEN,
    })
    response.assertStatus(200)
  })

  test('sign-up: refused without a good answer and nothing is written; passes with one', async ({
    client,
    assert,
  }) => {
    const missing = await api(client, 'post', '/auth/signup', signupPayload())
    missing.assertStatus(422)
    assert.equal(fieldErrors(missing.body()).humanKey, ROBOT)
    const bad = await api(client, 'post', '/auth/signup', signupPayload({ humanKey: 'bad-token' }))
    bad.assertStatus(422)
    assert.isNull(await User.findBy('email', 'tina.tester@example.com'))

    const good = await api(client, 'post', '/auth/signup', signupPayload({ humanKey: GOOD_TOKEN }))
    good.assertStatus(201)
  })

  test('forgot password: refused without a good answer; passes with one', async ({
    client,
    assert,
  }) => {
    const missing = await api(client, 'post', '/forgot-password', { email: DEMO.customer })
    missing.assertStatus(422)
    assert.equal(fieldErrors(missing.body()).humanKey, ROBOT)
    ;(
      await api(client, 'post', '/forgot-password', { email: DEMO.customer, humanKey: 'bad-token' })
    ).assertStatus(422)
    ;(
      await api(client, 'post', '/forgot-password', { email: DEMO.customer, humanKey: GOOD_TOKEN })
    ).assertStatus(200)
  })

  test('a provider that cannot be reached refuses the request (fails closed)', async ({
    client,
    assert,
  }) => {
    const url = process.env.RECAPTCHA_VERIFY_URL
    process.env.RECAPTCHA_VERIFY_URL = 'http://127.0.0.1:9/unreachable'
    try {
      const response = await api(client, 'post', '/auth/login', {
        email: DEMO.customer,
        password: DEMO_PASSWORD,
        humanKey: GOOD_TOKEN,
      })
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).humanKey, ROBOT)
    } finally {
      process.env.RECAPTCHA_VERIFY_URL = url
    }
  })

  test('with the toggle on but no keys configured, the captcha is not enforced', async ({
    client,
  }) => {
    await settings.put('captchaSecretKey', { value1: null })
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
    })
    response.assertStatus(200)
  })

  test('with the toggle off no answer is needed and the provider is not called', async ({
    client,
    assert,
  }) => {
    await settings.put('recaptchaToggle', { value1: 'off' })
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
    })
    response.assertStatus(200)
    assert.lengthOf(fake.requests, 0)
  })
})
