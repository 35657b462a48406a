import { test } from '@japa/runner'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { signupPayload } from '#tests/helpers/signup'
import { behindProxies } from '#tests/helpers/client_address'
import { DEMO } from '#tests/helpers/users'

type Client = Parameters<typeof api>[0]
const THROTTLED = /^Too many sign-ups from your address\. Please try again in \d+ minutes?\.$/

function signup(client: Client, overrides: Record<string, unknown>, from?: string) {
  const request = api(client, 'post', '/auth/signup', signupPayload(overrides))
  return from ? request.header('X-Forwarded-For', from) : request
}

test.group('Sign-up: limited per address', (group) => {
  isolate(group)

  test('5 accounts an hour per address; the 6th answers 429 with a clear message and creates nothing', async ({
    client,
    assert,
  }) => {
    for (let i = 0; i < 5; i++)
      (await signup(client, { email: `tester${i}@example.com` })).assertStatus(201)
    const refused = await signup(client, { email: 'tester5@example.com' })
    refused.assertStatus(429)
    assert.match(refused.body().message, THROTTLED)
    assert.deepEqual(refused.body().errors, [])
    assert.isNull(await User.findBy('email', 'tester5@example.com'))
  })

  test('the duplicate e-mail message stays, and each one spends the budget', async ({
    client,
    assert,
  }) => {
    for (let i = 0; i < 5; i++) {
      const taken = await signup(client, { email: DEMO.customer })
      taken.assertStatus(422)
      assert.equal(fieldErrors(taken.body()).email, 'This email is already registered')
    }
    ;(await signup(client, { email: DEMO.manager })).assertStatus(429)
  })

  test('other form errors cost nothing', async ({ client }) => {
    for (let i = 0; i < 8; i++) {
      ;(
        await signup(client, {
          email: `tester${i}@example.com`,
          password: 'short',
          passwordConfirmation: 'short',
        })
      ).assertStatus(422)
    }
    ;(await signup(client, { email: 'tester@example.com' })).assertStatus(201)
  })

  test('another address has its own budget', async ({ client }) => {
    await behindProxies('loopback', async () => {
      for (let i = 0; i < 5; i++)
        (await signup(client, { email: `tester${i}@example.com` }, '198.51.100.1')).assertStatus(
          201
        )
      ;(await signup(client, { email: 'tester5@example.com' }, '198.51.100.1')).assertStatus(429)
      ;(await signup(client, { email: 'tester5@example.com' }, '198.51.100.2')).assertStatus(201)
    })
  })
})
