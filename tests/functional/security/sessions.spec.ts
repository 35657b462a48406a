import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { MessageBuilder } from '@adonisjs/core/helpers'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import { newOpaqueToken } from '#domain/tokens'
import { endSessionsOf, sessionIsCurrent, stampSession } from '#services/session_stamp'
import type { HttpContext } from '@adonisjs/core/http'
import { isolate } from '#tests/helpers/isolation'
import { BrowserSession, signedInBrowser } from '#tests/helpers/browser_session'
import { sessionIdOf, useSessionStore } from '#tests/helpers/session_store'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

const COOKIE = 'broker-session'

/** The cookies a browser holds right now, to replay later as an attacker who copied them. */
function savedCookies(browser: BrowserSession) {
  return { session: browser.cookie(COOKIE)!, xsrf: browser.cookie('XSRF-TOKEN') }
}

type Saved = ReturnType<typeof savedCookies>

/**
 * Sends a request with saved cookies only (nothing the server sets in between
 * is kept), as a JSON caller, or as a page visit for GET `page`.
 */
async function replay(saved: Saved, method: string, path: string, body?: unknown, page = false) {
  const headers: Record<string, string> = {
    cookie: `${COOKIE}=${saved.session}${saved.xsrf ? `; XSRF-TOKEN=${saved.xsrf}` : ''}`,
    accept: page ? 'text/html' : 'application/json',
  }
  if (saved.xsrf) headers['x-xsrf-token'] = decodeURIComponent(saved.xsrf)
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(new URL(path, new BrowserSession().baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  })
  return {
    status: response.status,
    location: response.headers.get('location'),
    text: await response.text(),
  }
}

/** Whether the session row of a cookie exists. */
async function sessionRow(cookie: string) {
  return db.from('sessions').where('id', sessionIdOf(cookie)).first()
}

const PROFILE = {
  fullName: 'Replayed Name',
  phone: '+49 151 9999 0000',
  birthDate: '1985-02-03',
  country: 'Austria',
  city: 'Vienna',
  address: 'Ringstraße 1',
  postalCode: '1010',
}

test.group('Sessions on the server (database store): logout', (group) => {
  isolate(group)
  useSessionStore(group, 'database')

  test('the cookie carries only a session id; the session lives in the sessions table', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const cookie = browser.cookie(COOKIE)!
    const row = await sessionRow(cookie)
    assert.exists(row)
    const data = new MessageBuilder().verify<Record<string, unknown>>(row.data, row.id)
    assert.equal(data?.auth_web, customer.id)
    assert.notInclude(decodeURIComponent(cookie), 'auth_web')
    assert.isAbove(new Date(row.expires_at).getTime(), Date.now())
  })

  test('a cookie saved before logout is refused afterwards: 401 for JSON, a redirect to login for pages', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const saved = savedCookies(browser)
    assert.equal((await replay(saved, 'GET', '/auth/user')).status, 200)

    const logout = await browser.post('/auth/logout')
    assert.equal(logout.status, 200, logout.text)
    assert.notExists(await sessionRow(saved.session), 'logout deletes the session record')

    assert.equal((await replay(saved, 'GET', '/auth/user')).status, 401)
    const page = await replay(saved, 'GET', '/dashboard', undefined, true)
    assert.equal(page.status, 302, page.text)
    assert.equal(page.location, '/')
    // The copied CSRF token died with the session too; either way nothing is written.
    const put = await replay(saved, 'PUT', '/profile/me', PROFILE)
    assert.include([401, 403], put.status, put.text)
    assert.notEqual((await User.findOrFail(customer.id)).fullName, PROFILE.fullName)
  })

  test('with a fresh CSRF token the replayed cookie still gets 401 on PUT /profile/me', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const saved = savedCookies(browser)
    await browser.post('/auth/logout')

    // The attacker loads a page with the old cookie to obtain a CSRF token of its (now empty) session.
    const attacker = new BrowserSession()
    const page = await fetch(new URL('/', attacker.baseUrl), {
      headers: { cookie: `${COOKIE}=${saved.session}` },
      redirect: 'manual',
    })
    await page.text()
    const xsrf = page.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith('XSRF-TOKEN='))!
      .slice('XSRF-TOKEN='.length)
    const put = await replay({ session: saved.session, xsrf }, 'PUT', '/profile/me', PROFILE)
    assert.equal(put.status, 401, put.text)
    assert.notEqual((await User.findOrFail(customer.id)).fullName, PROFILE.fullName)
  })

  test('login gives a new session id: the id from before login does not carry the login', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    const before = savedCookies(browser)
    assert.exists(before.session)
    await browser.post('/auth/login', { email: customer.email, password: FACTORY_PASSWORD })
    assert.notEqual(sessionIdOf(browser.cookie(COOKIE)!), sessionIdOf(before.session))
    assert.notExists(await sessionRow(before.session))
    assert.equal((await replay(before, 'GET', '/auth/user')).status, 401)
    assert.equal((await browser.getJson('/auth/user')).status, 200)
  })

  test('expired session rows are refused and pruned', async ({ assert }) => {
    const [customer, newcomer] = await UserFactory.createMany(2)
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const id = sessionIdOf(browser.cookie(COOKIE)!)
    const past = new Date(Date.now() - 60_000)
    await db.from('sessions').where('id', id).update({ expires_at: past })
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    // The expired record was deleted on read; the id may come back only as an empty visitor session.
    const row = await db.from('sessions').where('id', id).first()
    if (row) assert.notProperty(new MessageBuilder().verify<object>(row.data, id), 'auth_web')

    // Rows nobody comes back for are collected on a later write (2 % of writes; forced here).
    await db.table('sessions').insert({ id: 'abandoned-session', data: '{}', expires_at: past })
    const random = Math.random
    Math.random = () => 0
    try {
      await signedInBrowser(newcomer.email, FACTORY_PASSWORD)
    } finally {
      Math.random = random
    }
    assert.notExists(await db.from('sessions').where('id', 'abandoned-session').first())
  })
})

test.group('Sessions on the server (database store): ended everywhere at once', (group) => {
  isolate(group)
  useSessionStore(group, 'database')

  test('a password change on device A ends device B but keeps A', async ({ assert }) => {
    const customer = await UserFactory.create()
    const a = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const b = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const change = await a.put('/security/password', {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'a-better-password',
    })
    assert.equal(change.status, 200, change.text)

    assert.equal((await a.getJson('/auth/user')).status, 200)
    assert.equal((await b.getJson('/auth/user')).status, 401)
    const page = await b.get('/dashboard')
    assert.equal(page.status, 302)
    assert.equal(page.location, '/')
  })

  test('a password reset ends every session of the user', async ({ assert }) => {
    const customer = await UserFactory.create()
    const a = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const b = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const { token, hash } = newOpaqueToken()
    await PasswordResetToken.create({
      userId: customer.id,
      tokenHash: hash,
      expiresAt: DateTime.now().plus({ minutes: 30 }),
    })
    const visitor = new BrowserSession()
    await visitor.open()
    const reset = await visitor.put('/forgot-password', { token, password: 'brand-new-pass' })
    assert.equal(reset.status, 200, reset.text)

    assert.equal((await a.getJson('/auth/user')).status, 401)
    assert.equal((await b.getJson('/auth/user')).status, 401)
    assert.equal(
      (await (await signedInBrowser(customer.email, 'brand-new-pass')).getJson('/auth/user'))
        .status,
      200
    )
  })

  test('deactivation ends every session, and reactivation does not bring them back', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const a = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const b = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    customer.isActive = false
    await customer.save()
    assert.equal((await a.getJson('/auth/user')).status, 401)

    customer.isActive = true
    await customer.save()
    assert.equal((await b.getJson('/auth/user')).status, 401)
    assert.equal((await a.getJson('/auth/user')).status, 401)
  })

  test('endSessionsOf ends every session of that user and revokes remember-me, no one else', async ({
    assert,
  }) => {
    const [customer, newcomer] = await UserFactory.createMany(2)
    const a = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const remembered = new BrowserSession()
    await remembered.open()
    await remembered.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    assert.exists(remembered.cookie('remember_web'))
    const other = await signedInBrowser(newcomer.email, FACTORY_PASSWORD)

    await endSessionsOf(customer.id)

    assert.equal((await a.getJson('/auth/user')).status, 401)
    // Without its session cookie the browser would fall back on remember-me: that token is gone too.
    remembered.dropCookie(COOKIE)
    assert.equal((await remembered.getJson('/auth/user')).status, 401)
    assert.equal((await other.getJson('/auth/user')).status, 200)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', customer.id), 0)
  })

  test('a remember-me cookie restores a session after the session cookie is gone (still works)', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    browser.dropCookie(COOKIE)
    assert.equal((await browser.getJson('/auth/user')).status, 200)
    assert.equal((await browser.getJson('/auth/user')).status, 200)
  })
})

test.group('Sessions on the server (database store): login-as sessions', (group) => {
  isolate(group)
  useSessionStore(group, 'database')

  /** Turns a signed-in customer session into a login-as session of `staff`, as the login-as action records it. */
  async function impersonatedBy(browser: BrowserSession, staff: User) {
    const id = sessionIdOf(browser.cookie(COOKIE)!)
    const row = await db.from('sessions').where('id', id).firstOrFail()
    const data = new MessageBuilder().verify<Record<string, unknown>>(row.data, id)!
    data.impersonator = { staffId: staff.id, staffRoleId: staff.roleId }
    await db
      .from('sessions')
      .where('id', id)
      .update({ data: new MessageBuilder().build(data, undefined, id) })
  }

  test('back to admin works, and the login-as session ends with it', async ({ assert }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const customer = await UserFactory.create()
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    await impersonatedBy(browser, admin)
    const saved = savedCookies(browser)

    const back = await browser.post('/authManager/back-to-admin')
    assert.equal(back.status, 200, back.text)
    assert.equal(back.body.redirect, '/admin')
    assert.equal((await browser.get('/admin')).status, 200)

    // The customer-side session id is gone: a copy of it is neither the customer nor a way back to admin.
    assert.notExists(await sessionRow(saved.session))
    assert.equal((await replay(saved, 'GET', '/auth/user')).status, 401)
    assert.include([401, 403], (await replay(saved, 'POST', '/authManager/back-to-admin')).status)
  })

  test('logout in a login-as session ends it: the copied cookie cannot go back to admin', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const customer = await UserFactory.create()
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    await impersonatedBy(browser, admin)
    const saved = savedCookies(browser)
    assert.equal((await browser.post('/auth/logout')).status, 200)

    assert.equal((await replay(saved, 'GET', '/auth/user')).status, 401)
    assert.include([401, 403], (await replay(saved, 'POST', '/authManager/back-to-admin')).status)
  })

  test("ending the staff member's sessions ends the login-as sessions they opened", async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const customer = await UserFactory.create()
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    await impersonatedBy(browser, admin)
    assert.equal((await browser.getJson('/auth/user')).status, 200)

    await endSessionsOf(admin.id)
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    assert.include([401, 403], (await browser.post('/authManager/back-to-admin')).status)
  })

  test("deactivating the staff member ends their login-as sessions; the customer's own sessions stay", async ({
    assert,
  }) => {
    const agent = await UserFactory.apply('agent', 'withSecondFactor').create()
    const customer = await UserFactory.create()
    const own = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    await impersonatedBy(browser, agent)
    assert.equal((await browser.getJson('/auth/user')).status, 200)

    agent.isActive = false
    await agent.save()
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    assert.equal((await own.getJson('/auth/user')).status, 200)
  })
})

test.group('endSessionsOf(userId, { except })', (group) => {
  isolate(group)

  /** The part of a request's context the stamp functions use: the signed-in user and the session values. */
  function requestOf(user: User) {
    const values = new Map<string, unknown>()
    const session = {
      get: (k: string) => values.get(k),
      put: (k: string, v: unknown) => values.set(k, v),
    }
    return { auth: { user }, session } as unknown as HttpContext
  }

  test("keeps the session of this request, when it is that user's, and ends the others", async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const [current, other, staff] = [requestOf(customer), requestOf(customer), requestOf(admin)]
    stampSession(current, customer)
    stampSession(other, customer)
    stampSession(staff, admin)

    await endSessionsOf(customer.id, { except: current })
    const reloaded = await User.findOrFail(customer.id)
    assert.isTrue(sessionIsCurrent(current, reloaded))
    assert.isFalse(sessionIsCurrent(other, reloaded))

    // Passing someone else's request (an admin ending a customer's sessions) keeps nothing and leaves the admin alone.
    await endSessionsOf(customer.id, { except: staff })
    assert.isFalse(sessionIsCurrent(current, await User.findOrFail(customer.id)))
    assert.isTrue(sessionIsCurrent(staff, await User.findOrFail(admin.id)))
  })
})
