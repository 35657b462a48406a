import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { behindProxies } from '#tests/helpers/client_address'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'

type TrustFn = (address: string, distance: number) => boolean
const FORGED = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']

test.group('Client address: X-Forwarded-For only from a configured proxy', (group) => {
  isolate(group)

  test('TRUSTED_PROXIES unset: the server trusts no peer, not even loopback', ({ assert }) => {
    assert.equal(env.get('TRUSTED_PROXIES'), '')
    const trust = app.config.get<{ trustProxy: TrustFn }>('app.http').trustProxy
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.1', '192.168.1.1']) {
      assert.isFalse(trust(peer, 0), peer)
    }
  })

  test('the issue probe: 16 wrong passwords over 4 forged addresses, then the right one, is refused', async ({
    client,
    assert,
  }) => {
    const email = DEMO.customer
    const statuses: number[] = []
    for (let i = 0; i < 16; i++) {
      const response = await api(client, 'post', '/auth/login', {
        email,
        password: `wrong-${i}-password`,
      }).header('X-Forwarded-For', FORGED[i % 4])
      statuses.push(response.status())
    }
    // All 16 count against the socket's address: the 6th and later are refused unchecked.
    assert.deepEqual(statuses.slice(0, 5), [400, 400, 400, 400, 400])
    assert.isTrue(statuses.slice(5).every((s) => s === 429))

    const right = await api(client, 'post', '/auth/login', {
      email,
      password: DEMO_PASSWORD,
    }).header('X-Forwarded-For', '203.0.113.99')
    right.assertStatus(429)
    right.assertSessionMissing('auth_web')
  })

  test('X-Forwarded-For and X-Real-IP from an unlisted peer do not change the counted address', async ({
    client,
  }) => {
    const email = DEMO.affiliate
    for (let i = 0; i < 5; i++) {
      ;(
        await api(client, 'post', '/auth/login', { email, password: 'wrong-password' })
      ).assertStatus(400)
    }
    const response = await api(client, 'post', '/auth/login', { email, password: DEMO_PASSWORD })
      .header('X-Forwarded-For', '198.51.100.7')
      .header('X-Real-IP', '198.51.100.7')
    response.assertStatus(429)
  })

  test('from a configured proxy, X-Forwarded-For is the client address', async ({ client }) => {
    await behindProxies('loopback', async () => {
      const email = DEMO.affiliate
      for (let i = 0; i < 5; i++) {
        const response = await api(client, 'post', '/auth/login', {
          email,
          password: 'wrong-password',
        }).header('X-Forwarded-For', '198.51.100.1')
        response.assertStatus(400)
      }
      ;(
        await api(client, 'post', '/auth/login', { email, password: DEMO_PASSWORD }).header(
          'X-Forwarded-For',
          '198.51.100.1'
        )
      ).assertStatus(429)
      // Another client behind the same proxy is its own address.
      ;(
        await api(client, 'post', '/auth/login', { email, password: DEMO_PASSWORD }).header(
          'X-Forwarded-For',
          '198.51.100.2'
        )
      ).assertStatus(200)
    })
  })

  test('a proxy chain is read only through listed proxies: a forged left-most entry is not the client', async ({
    client,
  }) => {
    await behindProxies('loopback, 10.0.0.0/8', async () => {
      const email = DEMO.affiliate
      // The client forges "198.51.100.50" in front; the proxy 10.0.0.5 appends the real client 198.51.100.9.
      const chain = (forged: string) => `${forged}, 198.51.100.9, 10.0.0.5`
      for (let i = 0; i < 5; i++) {
        const response = await api(client, 'post', '/auth/login', {
          email,
          password: 'wrong-password',
        }).header('X-Forwarded-For', chain(`198.51.100.${50 + i}`))
        response.assertStatus(400)
      }
      ;(
        await api(client, 'post', '/auth/login', { email, password: DEMO_PASSWORD }).header(
          'X-Forwarded-For',
          chain('198.51.100.60')
        )
      ).assertStatus(429)
    })
  })
})
