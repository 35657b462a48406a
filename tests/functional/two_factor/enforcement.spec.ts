import { test } from '@japa/runner'
import { STAFF_ROLES, type RoleId } from '#domain/roles'
import { isolate } from '#tests/helpers/isolation'
import { removeKycFilesAfterEach } from '#tests/helpers/kyc'
import { BrowserSession, signedInBrowser } from '#tests/helpers/browser_session'
import { userOfRole } from '#tests/helpers/users'
import { appCode } from '#tests/helpers/two_factor'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { EXPECTATIONS, urlFor } from '../security/route_table.js'

/** Every route some staff role may use, with the first such role. */
const STAFF_ROUTES = Object.entries(EXPECTATIONS).flatMap(([key, expectation]) => {
  if (!Array.isArray(expectation.access)) return []
  const role = expectation.access.find((r) => STAFF_ROLES.includes(r))
  return role ? [{ key, expectation, role: role as RoleId }] : []
})

/**
 * The route table's parameters for a route, or none when its fixture cannot be made here (the
 * fixtures of earlier routes pile up in this one test): refused before any controller runs, any
 * plausible id will do.
 */
async function paramsOf(expectation: (typeof EXPECTATIONS)[string]) {
  if (!('params' in expectation) || !expectation.params) return {}
  try {
    return await expectation.params()
  } catch {
    return {}
  }
}

test.group('Two-factor login: enforced on every staff route', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('a staff session that has not passed the second factor reaches no route: pages go to the code page, calls get 401', async ({
    client,
    assert,
  }) => {
    assert.isAbove(STAFF_ROUTES.length, 50)
    for (const { key, expectation, role } of STAFF_ROUTES) {
      const [method, pattern] = key.split(' ')
      const url = await urlFor(pattern, {
        ':side': 'front',
        ':userId': '1',
        ...(await paramsOf(expectation)),
      })
      const staff = await userOfRole(role)
      // Signed in by id only, as a session from before two-factor login shipped: no completed sign-in.
      let req = client
        .request(url, method as any)
        .redirects(0)
        .withSession({ auth_web: staff.id })
      if (!expectation.page || method !== 'GET') req = req.header('Accept', 'application/json')
      if (method !== 'GET') req = req.json({}).withCsrfToken()
      if ('session' in expectation && expectation.session)
        req = req.withSession({ auth_web: staff.id, ...(await expectation.session(staff)) })
      const response = await req
      const where = `${key} as role ${role} → ${response.status()}`
      if (expectation.page && method === 'GET') {
        assert.equal(response.status(), 302, where)
        assert.equal(response.header('location'), '/login/two-factor', where)
      } else {
        assert.equal(response.status(), 401, where)
      }
      response.assertSessionMissing('auth_web')
    }
  }).timeout(120_000)

  test('a remember-me cookie restores the password step only: the code is asked again', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', {
      email: admin.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    assert.equal((await browser.post('/login/two-factor', { code: appCode() })).status, 200)
    browser.dropCookie('broker-session')

    const page = await browser.get('/admin')
    assert.equal(page.status, 302)
    assert.equal(page.location, '/login/two-factor')
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    const code = await browser.post('/login/two-factor', { code: appCode(undefined, 1) })
    assert.equal(code.status, 200, code.text)
    assert.isString(browser.cookie('remember_web'))
    assert.equal((await browser.get('/admin')).status, 200)
  })

  test('a customer without a second factor keeps an unmarked session (marked once)', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const response = await client
      .get('/auth/user')
      .header('Accept', 'application/json')
      .withSession({ auth_web: customer.id })
    response.assertStatus(200)
    response.assertSession('signInComplete', customer.id)
  })

  test('a customer with a second factor and an unmarked session takes the code step', async ({
    client,
  }) => {
    const customer = await UserFactory.apply('withSecondFactor').create()
    const response = await client
      .get('/dashboard')
      .redirects(0)
      .withSession({ auth_web: customer.id })
    response.assertStatus(302)
    response.assertHeader('location', '/login/two-factor')
  })

  test('a completed sign-in of another account does not count for this one', async ({ client }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const customer = await UserFactory.create()
    const response = await client
      .get('/admin')
      .redirects(0)
      .withSession({ auth_web: admin.id, signInComplete: customer.id })
    response.assertHeader('location', '/login/two-factor')
  })

  test('the test clients sign staff in complete (their helpers pass the code step)', async ({
    assert,
  }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    const browser = await signedInBrowser(manager.email, FACTORY_PASSWORD)
    assert.equal((await browser.get('/admin/trades/all')).status, 200)
  })
})
