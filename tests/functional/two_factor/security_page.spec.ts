import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { appCode, enrol, freshRecoveryCode } from '#tests/helpers/two_factor'

const keyOf = (manualKey: string) => manualKey.replaceAll(' ', '')

test.group('Two-factor login on the Security page (customers: optional)', (group) => {
  isolate(group)

  test('the page tells whether it is on, never the secret', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const off = await client.get('/security').loginAs(customer).withInertia()
    assert.deepEqual((off.inertiaProps as any).twoFactor, {
      enabled: false,
      mandatory: false,
      recoveryCodesLeft: 0,
    })
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    await freshRecoveryCode(admin)
    const on = await client.get('/security').loginAs(admin).withInertia()
    assert.deepEqual((on.inertiaProps as any).twoFactor, {
      enabled: true,
      mandatory: true,
      recoveryCodesLeft: 1,
    })
  })

  test('a customer turns it on with the QR code and a code; other sessions end, this one stays', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const other = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const setup = await browser.post('/security/two-factor/setup')
    assert.equal(setup.status, 200, setup.text)
    assert.match(setup.body.enrolment.qrCode, /^data:image\/png;base64,/)
    const key = keyOf(setup.body.enrolment.manualKey)

    const wrong = await browser.post('/security/two-factor/confirm', { code: '000000' })
    assert.equal(wrong.status, 422)
    assert.equal(fieldErrors(wrong.body).code, 'The code is invalid or was already used')
    assert.notExists(await db.from('two_factor_credentials').where('user_id', customer.id).first())

    const right = await browser.post('/security/two-factor/confirm', { code: appCode(key) })
    assert.equal(right.status, 200, right.text)
    assert.equal(right.body.message, 'Two-factor login is on')
    assert.lengthOf(right.body.recoveryCodes, 10)
    assert.notInclude(right.text, key)

    assert.equal((await browser.getJson('/auth/user')).status, 200)
    assert.equal((await other.getJson('/auth/user')).status, 401)
    const again = await browser.post('/security/two-factor/setup')
    assert.equal(again.status, 409)
    assert.notInclude(again.text, key)
  })

  test('confirm without a set-up in progress is refused; bad input gets 422', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    ;(
      await api(client, 'post', '/security/two-factor/confirm', { code: '123456' }).loginAs(
        customer
      )
    ).assertStatus(409)
    const empty = await api(client, 'post', '/security/two-factor/confirm', {}).loginAs(customer)
    empty.assertStatus(422)
  })

  test('new recovery codes need the password; the old ones stop working', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const old = await freshRecoveryCode(admin)
    const wrong = await api(client, 'post', '/security/two-factor/recovery-codes', {
      password: 'not-my-password',
    }).loginAs(admin)
    wrong.assertStatus(422)
    assert.equal(fieldErrors(wrong.body()).password, 'The password is incorrect')
    const right = await api(client, 'post', '/security/two-factor/recovery-codes', {
      password: FACTORY_PASSWORD,
    }).loginAs(admin)
    right.assertStatus(200)
    assert.lengthOf(right.body().recoveryCodes, 10)
    assert.notInclude(right.body().recoveryCodes, old)
    const rows = await db.from('two_factor_recovery_codes').where('user_id', admin.id)
    assert.lengthOf(rows, 10)

    const customer = await UserFactory.create()
    ;(
      await api(client, 'post', '/security/two-factor/recovery-codes', {
        password: FACTORY_PASSWORD,
      }).loginAs(customer)
    ).assertStatus(409)
  })

  test('a customer turns it off with password and code; wrong ones change nothing', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    await enrol(customer)
    const recovery = await freshRecoveryCode(customer)
    const send = (body: object) =>
      api(client, 'delete', '/security/two-factor', body).loginAs(customer)

    const badPassword = await send({ password: 'nope-nope', code: appCode() })
    badPassword.assertStatus(422)
    assert.equal(fieldErrors(badPassword.body()).password, 'The password is incorrect')
    const badCode = await send({ password: FACTORY_PASSWORD, code: '000000' })
    badCode.assertStatus(422)
    assert.equal(fieldErrors(badCode.body()).code, 'The code is invalid or was already used')
    ;(await send({})).assertStatus(422)
    assert.exists(await db.from('two_factor_credentials').where('user_id', customer.id).first())

    const ok = await send({ password: FACTORY_PASSWORD, code: recovery })
    ok.assertStatus(200)
    ok.assertBodyContains({ message: 'Two-factor login is off' })
    assert.notExists(await db.from('two_factor_credentials').where('user_id', customer.id).first())
    assert.notExists(
      await db.from('two_factor_recovery_codes').where('user_id', customer.id).first()
    )
    ;(await send({ password: FACTORY_PASSWORD, code: appCode() })).assertStatus(409)
  })

  test('staff cannot turn it off (mandatory): 403', async ({ client }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const response = await api(client, 'delete', '/security/two-factor', {
      password: FACTORY_PASSWORD,
      code: appCode(),
    }).loginAs(admin)
    response.assertStatus(403)
  })
})
