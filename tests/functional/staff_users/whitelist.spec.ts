/*
| The staff IP whitelist (issue 12 item 2): checked at login after the
| password and on every request of a staff account (pages, API calls,
| Transmit), against request.ip() — X-Forwarded-For counts only from a
| configured proxy (tests/helpers/client_address.ts makes the test client's
| loopback peer that proxy when a test needs to choose its address).
*/
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import type User from '#models/user'
import StaffWhitelist from '../../../commands/staff_whitelist.js'
import { forgetRefusals } from '#services/address_whitelist'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { auditRows } from '#tests/helpers/audit'
import { behindProxies, trustProxies } from '#tests/helpers/client_address'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

const REFUSED = 'Access from this address is not allowed for this account'

async function setWhitelist(user: User, list: string) {
  await db.from('whitelists').where('user_id', user.id).delete()
  await db
    .table('whitelists')
    .insert({ user_id: user.id, ip_address: list, created_at: new Date() })
}

const refusalRows = (user: User) => auditRows({ action: 'user.address_refused', staffId: user.id })

test.group('IP whitelist at login', (group) => {
  isolate(group)
  group.each.setup(() => forgetRefusals())

  test("an unlisted address is refused after the password with the wrong password's answer and an audit row; a listed one signs in", async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    await setWhitelist(manager, '203.0.113.0/24, 2001:db8::/32')
    await behindProxies('loopback', async () => {
      const wrong = await api(client, 'post', '/auth/login', {
        email: manager.email,
        password: 'not-the-password',
      }).header('X-Forwarded-For', '198.51.100.10')
      const refused = await api(client, 'post', '/auth/login', {
        email: manager.email,
        password: FACTORY_PASSWORD,
      }).header('X-Forwarded-For', '198.51.100.9')
      // Issue 21 item 7: nobody off the list learns that the password is right.
      refused.assertStatus(400)
      assert.deepEqual(refused.body(), wrong.body())
      assert.notInclude(refused.text(), REFUSED)
      refused.assertSessionMissing('auth_web')
      refused.assertSessionMissing('twoFactorPending')

      const rows = await refusalRows(manager)
      assert.lengthOf(rows, 1)
      assert.equal(rows[0].ip, '198.51.100.9')
      assert.equal(rows[0].target_id, String(manager.id))
      assert.deepEqual(JSON.parse(rows[0].changes), {
        path: { before: null, after: '/auth/login' },
      })

      for (const address of ['203.0.113.20', '2001:db8::7']) {
        const allowed = await api(client, 'post', '/auth/login', {
          email: manager.email,
          password: FACTORY_PASSWORD,
        }).header('X-Forwarded-For', address)
        allowed.assertStatus(200)
      }
    })
  })

  test('from an unlisted address, right passwords count against the login throttle like wrong ones', async ({
    client,
  }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    await setWhitelist(manager, '203.0.113.0/24')
    await behindProxies('loopback', async () => {
      const attempt = () =>
        api(client, 'post', '/auth/login', {
          email: manager.email,
          password: FACTORY_PASSWORD,
        }).header('X-Forwarded-For', '198.51.100.9')
      for (let i = 0; i < 5; i++) (await attempt()).assertStatus(400)
      ;(await attempt()).assertStatus(429)
    })
  })

  test('a wrong password from an unlisted address is the usual 400: the whitelist is not revealed', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    await setWhitelist(manager, '203.0.113.0/24')
    const response = await api(client, 'post', '/auth/login', {
      email: manager.email,
      password: 'not-the-password',
    })
    response.assertStatus(400)
    assert.lengthOf(await refusalRows(manager), 0)
  })

  test('X-Forwarded-For from an untrusted peer is ignored: the socket address is checked', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    await setWhitelist(manager, '203.0.113.0/24')
    const spoofed = await api(client, 'post', '/auth/login', {
      email: manager.email,
      password: FACTORY_PASSWORD,
    })
      .header('X-Forwarded-For', '203.0.113.20')
      .header('X-Real-IP', '203.0.113.20')
    spoofed.assertStatus(400)
    const [row] = await refusalRows(manager)
    assert.notEqual(row.ip, '203.0.113.20')
    assert.match(row.ip, /^(::ffff:)?127\.0\.0\.1$|^::1$/)
  })

  test('customers have no whitelist check', async ({ client }) => {
    const customer = await UserFactory.create()
    await setWhitelist(customer, '203.0.113.0/24')
    ;(
      await api(client, 'post', '/auth/login', {
        email: customer.email,
        password: FACTORY_PASSWORD,
      })
    ).assertStatus(200)
    ;(await client.get('/dashboard').loginAs(customer).withInertia()).assertStatus(200)
  })
})

test.group('IP whitelist on every staff request', (group) => {
  isolate(group)
  group.each.setup(() => forgetRefusals())

  test('pages get the clear 403 page, JSON calls a JSON 403, Transmit a 403; logout still works', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    await setWhitelist(manager, '203.0.113.0/24')

    const page = await client.get('/admin/trades/all').loginAs(manager).withInertia()
    page.assertStatus(403)
    page.assertInertiaComponent('errors/address_refused')
    assert.isString(page.body().props.address)

    const html = await client.get('/dashboard').loginAs(manager)
    html.assertStatus(403)
    assert.include(html.text(), 'errors/address_refused')

    const json = await api(client, 'get', '/admin/withdraws/api/pending').loginAs(manager)
    json.assertStatus(403)
    assert.deepEqual(json.body(), { message: REFUSED, errors: [] })

    const subscribe = await api(client, 'post', '/__transmit/subscribe', {
      uid: randomUUID(),
      channel: `users/${manager.id}`,
    }).loginAs(manager)
    subscribe.assertStatus(403)

    const logout = await api(client, 'post', '/auth/logout').loginAs(manager)
    assert.notEqual(logout.status(), 403)
  })

  test('from a listed address behind the trusted proxy, everything works', async ({ client }) => {
    const manager = await UserFactory.apply('manager').create()
    await setWhitelist(manager, '203.0.113.0/24')
    await behindProxies('loopback', async () => {
      const page = await client
        .get('/admin/trades/all')
        .header('X-Forwarded-For', '203.0.113.5')
        .loginAs(manager)
        .withInertia()
      page.assertStatus(200)
      const spoofedChain = await client
        .get('/admin/trades/all')
        .header('X-Forwarded-For', '203.0.113.5, 198.51.100.1')
        .loginAs(manager)
        .withInertia()
      // The nearest hop the proxy saw is the client: 198.51.100.1 is not listed.
      spoofedChain.assertStatus(403)
    })
  })

  test('an admin sets a whitelist that excludes a signed-in manager, who is refused at once; clearing it lets them in', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    const browser = await signedInBrowser(manager.email, FACTORY_PASSWORD)
    assert.equal((await browser.getJson('/admin/withdraws/api/pending')).status, 200)
    const form = {
      fullName: manager.fullName,
      email: manager.email,
      roleId: 2,
      isEmailVerified: true,
      isActive: true,
    }
    const admin = await UserFactory.apply('admin').create()
    ;(
      await api(client, 'put', `/admin/users/${manager.id}`, {
        ...form,
        whitelist: '203.0.113.7',
      }).loginAs(admin)
    ).assertStatus(200)
    assert.equal((await browser.getJson('/admin/withdraws/api/pending')).status, 403)
    ;(
      await api(client, 'put', `/admin/users/${manager.id}`, { ...form, whitelist: '' }).loginAs(
        admin
      )
    ).assertStatus(200)
    assert.equal((await browser.getJson('/admin/withdraws/api/pending')).status, 200)
  })

  test('a login-as session is refused when the staff member behind it is outside their whitelist', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    await setWhitelist(admin, '203.0.113.0/24')
    const response = await api(client, 'get', '/auth/user')
      .loginAs(customer)
      .withSession({ impersonator: { staffId: admin.id, staffRoleId: 1 } })
    response.assertStatus(403)
    response.assertBodyContains({ message: REFUSED })
  })

  test('refusals are audited at most once a minute per account and address', async ({
    client,
    assert,
    cleanup,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    await setWhitelist(manager, '203.0.113.0/24')
    cleanup(trustProxies('loopback'))
    for (const address of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2']) {
      ;(
        await api(client, 'get', '/admin/withdraws/api/pending')
          .header('X-Forwarded-For', address)
          .loginAs(manager)
      ).assertStatus(403)
    }
    const rows = await refusalRows(manager)
    assert.deepEqual(rows.map((r) => r.ip).sort(), ['198.51.100.1', '198.51.100.2'])
    assert.equal(JSON.parse(rows[0].changes).path.after, '/admin/withdraws/api/pending')
  })
})

/** Runs `node ace staff:whitelist [args]` in-process; answers its exit code and what it logged. */
async function runCommand(args: string[]) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  try {
    const command = await ace.create(StaffWhitelist, args)
    await command.exec()
    const logs = command.ui.logger.getLogs().map((l) => l.message)
    return { exitCode: command.exitCode ?? 0, output: logs.join('\n') }
  } finally {
    ace.ui.switchMode('normal')
  }
}

test.group('node ace staff:whitelist <email> --clear', (group) => {
  isolate(group)

  test('clears the whitelist of a locked-out admin, says what it did and writes an audit row', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await setWhitelist(admin, '203.0.113.7')
    ;(await api(client, 'get', '/admin/users/api').loginAs(admin)).assertStatus(403)

    const shown = await runCommand([admin.email])
    assert.equal(shown.exitCode, 0)
    assert.include(shown.output, '203.0.113.7')

    const cleared = await runCommand([admin.email.toUpperCase(), '--clear'])
    assert.equal(cleared.exitCode, 0)
    assert.include(cleared.output, 'cleared (was: 203.0.113.7)')
    assert.isNull(await db.from('whitelists').where('user_id', admin.id).first())
    const [row] = await auditRows({ action: 'user.whitelist_console_clear' })
    assert.equal(row.target_id, String(admin.id))
    assert.isNull(row.ip)
    assert.deepEqual(JSON.parse(row.changes), {
      whitelist: { before: '203.0.113.7', after: null },
    })
    ;(await api(client, 'get', '/admin/users/api').loginAs(admin)).assertStatus(200)

    const again = await runCommand([admin.email, '--clear'])
    assert.equal(again.exitCode, 0)
    assert.include(again.output, 'nothing changed')
  })

  test('an unknown e-mail is exit code 1 and changes nothing', async ({ assert }) => {
    const result = await runCommand(['nobody@nowhere.test', '--clear'])
    assert.equal(result.exitCode, 1)
    assert.include(result.output, 'No account with the e-mail nobody@nowhere.test')
  })
})
