import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { BrowserSession } from '#tests/helpers/browser_session'

test.group('POST /auth/logout', (group) => {
  isolate(group)

  test('ends the session: the next visit to the dashboard goes back to login', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    const login = await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
    })
    assert.equal(login.status, 200)
    assert.equal((await browser.get('/dashboard')).status, 200)
    const sessionBefore = browser.cookie('broker-session')

    const logout = await browser.post('/auth/logout')
    assert.equal(logout.status, 200, logout.text)
    assert.deepEqual(logout.body, { message: 'Logged out', redirect: '/' })
    // A new session id: the old cookie cannot be replayed.
    assert.notEqual(browser.cookie('broker-session'), sessionBefore)

    const after = await browser.get('/dashboard')
    assert.equal(after.status, 302)
    assert.equal(after.location, '/')
    assert.equal((await browser.getJson('/auth/user')).status, 401)
  })

  test('the old session cookie no longer authenticates after logout', async ({ assert }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', { email: customer.email, password: FACTORY_PASSWORD })
    const oldCookie = `broker-session=${browser.cookie('broker-session')}`
    ;(await browser.post('/auth/logout')).status

    const replay = await fetch(new URL('/auth/user', browser.baseUrl), {
      headers: { cookie: oldCookie, accept: 'application/json' },
    })
    assert.equal(replay.status, 401)
  })

  test('clears the session through the api client too', async ({ client }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'post', '/auth/logout').loginAs(customer)
    response.assertStatus(200)
    response.assertSessionMissing('auth_web')
  })

  test('a visitor gets 401', async ({ client }) => {
    const response = await api(client, 'post', '/auth/logout')
    response.assertStatus(401)
  })

  test('without a CSRF token the request is refused', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await client
      .post('/auth/logout')
      .header('Accept', 'application/json')
      .loginAs(customer)
    assert.equal(response.status(), 403)
  })
})
