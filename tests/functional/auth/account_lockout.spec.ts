import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { accountLockSeconds } from '#services/auth_throttles'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { linkIn } from '#tests/helpers/mails'
import { trustProxies } from '#tests/helpers/client_address'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'

type Client = Parameters<typeof api>[0]
const LOCKED =
  /^This account is locked after too many failed login attempts\. Please try again in \d+ minutes? or reset your password\.$/

function login(client: Client, email: string, password: string, from: string) {
  return api(client, 'post', '/auth/login', { email, password }).header('X-Forwarded-For', from)
}

/** 10 wrong passwords for `email`, 4 + 4 + 2 from three addresses: no address reaches its own limit of 5. */
async function failTenTimes(client: Client, email: string) {
  for (let i = 0; i < 10; i++) {
    ;(
      await login(client, email, `wrong-${i}-password`, `198.51.100.${1 + Math.floor(i / 4)}`)
    ).assertStatus(400)
  }
}

/** Sets an env variable for one test (env.get reads it at call time). */
async function withEnv<T>(key: 'LOGIN_ACCOUNT_LOCK_MINUTES', value: string, run: () => Promise<T>) {
  env.set(key, value as never)
  try {
    return await run()
  } finally {
    env.set(key, undefined as never)
    delete process.env[key]
  }
}

test.group('Account lockout (whatever the address)', (group) => {
  isolate(group)
  // Behind a proxy on loopback: each request's X-Forwarded-For is its address.
  group.each.setup(() => trustProxies('loopback'))

  test('16 wrong passwords over 4 real addresses lock the account: the right password is refused too', async ({
    client,
    assert,
  }) => {
    const email = DEMO.customer
    const statuses: number[] = []
    for (let i = 0; i < 16; i++) {
      statuses.push(
        (await login(client, email, `wrong-${i}-password`, `203.0.113.${1 + (i % 4)}`)).status()
      )
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(400))
    assert.deepEqual(statuses.slice(10), Array(6).fill(429))

    const right = await login(client, email, DEMO_PASSWORD, '203.0.113.99')
    right.assertStatus(429)
    assert.match(right.body().message, LOCKED)
    assert.deepEqual(right.body().errors, [])
    right.assertSessionMissing('auth_web')
  })

  test('a browser that signed in to the account before is not held by the lock; a new one is', async ({
    client,
    assert,
  }) => {
    const first = await login(client, DEMO.customer, DEMO_PASSWORD, '198.51.100.50')
    first.assertStatus(200)
    const known = first.cookie('known_device')?.value
    assert.deepEqual(known, [DEMO.customer])

    await failTenTimes(client, DEMO.customer)
    ;(await login(client, DEMO.customer, DEMO_PASSWORD, '198.51.100.51')).assertStatus(429)
    // The owner's usual browser, even from a new address: signed in, and the lock is lifted.
    const owner = await login(
      client,
      DEMO.customer,
      DEMO_PASSWORD,
      '198.51.100.52'
    ).withEncryptedCookie('known_device', known)
    owner.assertStatus(200)
    assert.equal(await accountLockSeconds(DEMO.customer), 0)
  })

  test("a known device's cookie names only the accounts signed in from it", async ({ client }) => {
    const other = await login(
      client,
      DEMO.customer,
      DEMO_PASSWORD,
      '198.51.100.60'
    ).withEncryptedCookie('known_device', [DEMO.manager])
    other.assertStatus(200)
    other.assertCookie('known_device', [DEMO.customer, DEMO.manager])
    await failTenTimes(client, DEMO.newcomer)
    const notKnown = await login(
      client,
      DEMO.newcomer,
      DEMO_PASSWORD,
      '198.51.100.61'
    ).withEncryptedCookie('known_device', [DEMO.customer, DEMO.manager])
    notKnown.assertStatus(429)
  })

  test('the lock is bounded: it reports at most LOGIN_ACCOUNT_LOCK_MINUTES (15) and other accounts are untouched', async ({
    client,
    assert,
  }) => {
    await failTenTimes(client, DEMO.customer)
    const seconds = await accountLockSeconds(DEMO.customer)
    assert.isAbove(seconds, 0)
    assert.isAtMost(seconds, 15 * 60)
    ;(await login(client, DEMO.manager, DEMO_PASSWORD, '198.51.100.1')).assertStatus(200)
  })

  test('the lock ends by itself when its time is up', async ({ client, assert }) => {
    // A 0.02-minute (1.2 s) lock, the same code path as the default 15 minutes.
    await withEnv('LOGIN_ACCOUNT_LOCK_MINUTES', '0.02', async () => {
      await failTenTimes(client, DEMO.customer)
      ;(await login(client, DEMO.customer, DEMO_PASSWORD, '198.51.100.20')).assertStatus(429)
      assert.isAtMost(await accountLockSeconds(DEMO.customer), 2)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      ;(await login(client, DEMO.customer, DEMO_PASSWORD, '198.51.100.20')).assertStatus(200)
    })
  }).timeout(15000)

  test('a completed password reset lifts the lock', async ({ client, assert }) => {
    await failTenTimes(client, DEMO.customer)
    ;(await login(client, DEMO.customer, DEMO_PASSWORD, '198.51.100.30')).assertStatus(429)

    const { mails } = mail.fake()
    ;(await api(client, 'post', '/forgot-password', { email: DEMO.customer })).assertStatus(200)
    const sent = mails.sent((m) => m instanceof ResetPasswordNotification)
    assert.lengthOf(sent, 1)
    const token = linkIn(sent[0], '/reset-password/').pathname.split('/').pop()!
    ;(
      await api(client, 'put', '/forgot-password', { token, password: 'brand-new-pass' })
    ).assertStatus(200)

    assert.equal(await accountLockSeconds(DEMO.customer), 0)
    ;(await login(client, DEMO.customer, 'brand-new-pass', '198.51.100.30')).assertStatus(200)
  })

  test('a reset lifts the resetting address throttle too', async ({ client }) => {
    const email = DEMO.affiliate
    for (let i = 0; i < 5; i++)
      (await login(client, email, 'wrong-password', '127.0.0.1')).assertStatus(400)
    ;(await login(client, email, DEMO_PASSWORD, '127.0.0.1')).assertStatus(429)
    const { mails } = mail.fake()
    ;(await api(client, 'post', '/forgot-password', { email })).assertStatus(200)
    const token = linkIn(mails.sent()[0], '/reset-password/').pathname.split('/').pop()!
    // The reset form is sent without X-Forwarded-For: the client address is the socket's, 127.0.0.1.
    ;(
      await api(client, 'put', '/forgot-password', { token, password: 'brand-new-pass' })
    ).assertStatus(200)
    ;(await login(client, email, 'brand-new-pass', '127.0.0.1')).assertStatus(200)
  })

  test('an unknown e-mail locks the same way (the lock does not reveal accounts)', async ({
    client,
    assert,
  }) => {
    const email = 'nobody-here@nowhere.test'
    await failTenTimes(client, email)
    const response = await login(client, email, 'whatever-pass', '198.51.100.9')
    response.assertStatus(429)
    assert.match(response.body().message, LOCKED)
  })

  test('a successful login before the limit starts the account count again', async ({ client }) => {
    const email = DEMO.retention
    for (let i = 0; i < 8; i++)
      (await login(client, email, 'wrong-password', `198.51.100.${40 + (i % 4)}`)).assertStatus(400)
    ;(await login(client, email, DEMO_PASSWORD, '198.51.100.50')).assertStatus(200)
    for (let i = 0; i < 8; i++)
      (await login(client, email, 'wrong-password', `198.51.100.${60 + (i % 4)}`)).assertStatus(400)
    ;(await login(client, email, DEMO_PASSWORD, '198.51.100.70')).assertStatus(200)
  })
})
