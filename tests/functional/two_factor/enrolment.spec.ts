import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import type User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { appCode } from '#tests/helpers/two_factor'
import { afterPassword, pendingLoginSession } from '#tests/helpers/two_factor_flow'
import { recoveryCodeHash } from '#services/two_factor_secrets'

/** The base32 key as the page shows it, without the spaces. */
const keyOf = (manualKey: string) => manualKey.replaceAll(' ', '')

/** A manager without a second factor yet, as a staff member is before their first login. */
const newManager = () => UserFactory.apply('manager').create()

/** A browser past the manager's password step. */
const passwordStep = (manager: User) => afterPassword(manager.email, false, FACTORY_PASSWORD)

test.group('Two-factor login: a staff member enrols at their first login', (group) => {
  isolate(group)

  test('the code page sends a staff member without a second factor to the enrolment', async ({
    assert,
  }) => {
    const { browser, login } = await passwordStep(await newManager())
    assert.equal(login.body.redirect, '/login/two-factor')
    const page = await browser.get('/login/two-factor')
    assert.equal(page.status, 302)
    assert.equal(page.location, '/login/two-factor/enrol')
    assert.equal((await browser.get('/admin/trades/all')).location, '/login/two-factor')
  })

  test('the enrolment page draws the QR code and shows the key; a reload shows the same one', async ({
    client,
    assert,
  }) => {
    const manager = await newManager()
    const session = pendingLoginSession(manager)
    const first = await client.get('/login/two-factor/enrol').withSession(session).withInertia()
    first.assertStatus(200)
    first.assertInertiaComponent('auth/two_factor_enrol')
    const { enrolment } = first.inertiaProps as any
    assert.match(enrolment.qrCode, /^data:image\/png;base64,/)
    assert.match(keyOf(enrolment.manualKey), /^[A-Z2-7]{32}$/)
    assert.equal(enrolment.account, manager.email)
    assert.notProperty(enrolment, 'secret')

    const { browser } = await passwordStep(manager)
    const a = await browser.get('/login/two-factor/enrol', { 'x-inertia': 'true' })
    const b = await browser.get('/login/two-factor/enrol', { 'x-inertia': 'true' })
    assert.equal(
      JSON.parse(a.text).props.enrolment.manualKey,
      JSON.parse(b.text).props.enrolment.manualKey
    )
  })

  test('a wrong code is refused and turns nothing on; the right one signs in with ten recovery codes', async ({
    assert,
  }) => {
    const manager = await newManager()
    const { browser } = await passwordStep(manager)
    const page = await browser.get('/login/two-factor/enrol', { 'x-inertia': 'true' })
    const key = keyOf(JSON.parse(page.text).props.enrolment.manualKey)

    for (const code of ['000000', appCode(key, 3), 'abc']) {
      const wrong = await browser.post('/login/two-factor/enrol', { code })
      assert.equal(wrong.status, 422, code)
      assert.equal(fieldErrors(wrong.body).code, 'The code is invalid or was already used')
    }
    assert.notExists(await db.from('two_factor_credentials').where('user_id', manager.id).first())
    assert.equal((await browser.getJson('/auth/user')).status, 401)

    const right = await browser.post('/login/two-factor/enrol', { code: appCode(key) })
    assert.equal(right.status, 200, right.text)
    assert.equal(right.body.redirect, '/dashboard')
    assert.lengthOf(right.body.recoveryCodes, 10)
    assert.lengthOf(new Set(right.body.recoveryCodes), 10)
    for (const code of right.body.recoveryCodes)
      assert.match(code, /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    assert.notInclude(right.text, key)
    assert.equal((await browser.get('/admin/trades/all')).status, 200)

    // At rest: the secret encrypted, the recovery codes as keyed hashes only.
    const row = await db.from('two_factor_credentials').where('user_id', manager.id).firstOrFail()
    assert.notInclude(row.secret, key)
    const hashes = await db.from('two_factor_recovery_codes').where('user_id', manager.id)
    assert.lengthOf(hashes, 10)
    assert.sameMembers(
      hashes.map((h) => h.code_hash),
      right.body.recoveryCodes.map(recoveryCodeHash)
    )

    // The secret never shows again: not on the enrolment page, the Security page, nor the user call.
    const again = await browser.get('/login/two-factor/enrol')
    assert.equal(again.location, '/dashboard')
    for (const path of ['/security', '/auth/user', '/dashboard']) {
      const response = await browser.get(path, { 'x-inertia': 'true' })
      assert.notInclude(response.text, key, path)
    }
  })

  test('the confirm code may not be replayed at the code step', async ({ assert }) => {
    const manager = await newManager()
    const first = await passwordStep(manager)
    const page = await first.browser.get('/login/two-factor/enrol', { 'x-inertia': 'true' })
    const key = keyOf(JSON.parse(page.text).props.enrolment.manualKey)
    const code = appCode(key)
    assert.equal((await first.browser.post('/login/two-factor/enrol', { code })).status, 200)
    const second = await passwordStep(manager)
    assert.equal((await second.browser.post('/login/two-factor', { code })).status, 422)
  })

  test('confirming without an enrolment in progress, or when already on, is refused', async ({
    client,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const none = await api(client, 'post', '/login/two-factor/enrol', {
      code: '123456',
    }).withSession(pendingLoginSession(manager))
    none.assertStatus(409)

    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const enrolled = await api(client, 'post', '/login/two-factor/enrol', {
      code: '123456',
    }).withSession(pendingLoginSession(admin))
    enrolled.assertStatus(409)
    enrolled.assertSessionMissing('auth_web')
    const page = await client
      .get('/login/two-factor/enrol')
      .redirects(0)
      .withSession(pendingLoginSession(admin))
    page.assertHeader('location', '/login/two-factor')
  })

  test('a customer is never asked to enrol at login (it is optional for them)', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const page = await client
      .get('/login/two-factor/enrol')
      .redirects(0)
      .withSession(pendingLoginSession(customer))
    page.assertHeader('location', '/')
  })
})
