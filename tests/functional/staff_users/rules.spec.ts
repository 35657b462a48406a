import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { deleteUser } from '#actions/staff_users/delete_user'
import { updateUser } from '#actions/staff_users/update_user'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { staffUserFormOf as formOf } from '#tests/helpers/staff_users'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'
import { freshRecoveryCode } from '#tests/helpers/two_factor'

/** An acting admin of the test's own. */
const admin = () => UserFactory.apply('admin').create()

/**
 * The seed's admin, the only admin there is: the last-admin rule is about the whole set of
 * active admins, so those tests keep the seeded one.
 */
const seededAdmin = () => demoUser(DEMO.admin)

/** A staff member who signs in through the real forms (second factor on, as every staff account has it). */
const staffMember = (role: 'admin' | 'manager' | 'agent' | 'retention') =>
  UserFactory.apply(role, 'withSecondFactor').create()

const activeAdmins = async () =>
  Number(
    (
      await db
        .from('users')
        .where('role_id', 1)
        .where('is_active', true)
        .whereNull('deleted_at')
        .count('* as n')
        .first()
    ).n
  )

test.group('Admin & Staffs: a deactivation or a role change ends the sessions', (group) => {
  isolate(group)

  test('changing a role signs that user out at their next request', async ({ client, assert }) => {
    const manager = await staffMember('manager')
    const browser = await signedInBrowser(manager.email, FACTORY_PASSWORD)
    assert.equal((await browser.getJson('/auth/user')).status, 200)
    const response = await api(
      client,
      'put',
      `/admin/users/${manager.id}`,
      formOf(manager, { roleId: 5 })
    ).loginAs(await admin())
    response.assertStatus(200)
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    // A new login works, with the new role.
    const again = await signedInBrowser(manager.email, FACTORY_PASSWORD)
    assert.equal((await again.getJson('/admin/trades/api/all')).status, 403)
  })

  test('deactivating signs that user out, and they cannot sign in again', async ({
    client,
    assert,
  }) => {
    const agent = await staffMember('agent')
    const browser = await signedInBrowser(agent.email, FACTORY_PASSWORD)
    ;(
      await api(
        client,
        'put',
        `/admin/users/${agent.id}`,
        formOf(agent, { isActive: false })
      ).loginAs(await admin())
    ).assertStatus(200)
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    const login = await browser.post('/auth/login', {
      email: agent.email,
      password: FACTORY_PASSWORD,
    })
    assert.equal(login.status, 403)
  })

  test('editing a name or the e-mail flag leaves the sessions alone', async ({
    client,
    assert,
  }) => {
    const agent = await staffMember('retention')
    const browser = await signedInBrowser(agent.email, FACTORY_PASSWORD)
    ;(
      await api(
        client,
        'put',
        `/admin/users/${agent.id}`,
        formOf(agent, { fullName: 'Rita R.' })
      ).loginAs(await admin())
    ).assertStatus(200)
    assert.equal((await browser.getJson('/auth/user')).status, 200)
  })

  test('an admin changing their own password stays signed in here; their other sessions end', async ({
    assert,
  }) => {
    const as = await staffMember('admin')
    const here = await signedInBrowser(as.email, FACTORY_PASSWORD)
    const elsewhere = await signedInBrowser(as.email, FACTORY_PASSWORD)
    const bare = await here.put(
      `/admin/users/${as.id}`,
      formOf(as, { password: 'a-new-admin-password' })
    )
    // A cookie alone does not change one's own password (issue 21 item 6).
    assert.equal(bare.status, 422, bare.text)
    assert.equal((await elsewhere.getJson('/auth/user')).status, 200)
    const response = await here.put(`/admin/users/${as.id}`, {
      ...formOf(as, { password: 'a-new-admin-password' }),
      currentPassword: FACTORY_PASSWORD,
      twoFactorCode: await freshRecoveryCode(as),
    })
    assert.equal(response.status, 200, response.text)
    assert.equal((await here.getJson('/auth/user')).status, 200)
    assert.equal((await elsewhere.getJson('/auth/user')).status, 401)
  })
})

test.group('Admin & Staffs: the last active admin', (group) => {
  isolate(group)

  test('is never deleted, deactivated or demoted, whoever asks', async ({ assert }) => {
    const onlyAdmin = await seededAdmin()
    assert.equal(await activeAdmins(), 1)
    // A caller who is not that admin (the only way to reach the rule without a race).
    const by = {
      staff: { id: (await UserFactory.apply('manager').create()).id, roleId: 2 },
      ip: null,
    }
    const refusals = [
      await deleteUser({ id: onlyAdmin.id, ...by }).catch((e) => e),
      await updateUser({
        id: onlyAdmin.id,
        ...formOf(onlyAdmin, { roleId: 2 }),
        ...by,
      } as any).catch((e) => e),
      await updateUser({
        id: onlyAdmin.id,
        ...formOf(onlyAdmin, { isActive: false }),
        ...by,
      } as any).catch((e) => e),
    ]
    assert.deepEqual(
      refusals.map((e) => [e instanceof UserFacingException, e.status, e.message]),
      [
        [true, 409, 'The last active admin cannot be deleted'],
        [true, 422, 'The last active admin cannot be given another role'],
        [true, 422, 'The last active admin cannot be deactivated'],
      ]
    )
    assert.equal(await activeAdmins(), 1)
  })

  test('another admin can be demoted, deactivated or deleted while one stays', async ({
    client,
    assert,
  }) => {
    // The seeded admin is the one that stays: the count of active admins is the subject.
    const as = await seededAdmin()
    const second = await UserFactory.apply('admin').create()
    ;(
      await api(client, 'put', `/admin/users/${second.id}`, formOf(second, { roleId: 2 })).loginAs(
        as
      )
    ).assertStatus(200)
    assert.equal(await activeAdmins(), 1)
    ;(await api(client, 'delete', `/admin/users/${second.id}`).loginAs(as)).assertStatus(200)
  })
})

/*
| No shared rolled-back transaction here: each request commits on its own
| (on PostgreSQL, its own connection), so the two demotions really race.
*/
test.group('Admin & Staffs: two admins demoting each other at once', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('leaves exactly one active admin, round after round', async ({ assert }) => {
    const demoAdmin = await seededAdmin()
    const made: number[] = []
    // Only the two racers are admins during the race.
    await db.from('users').where('id', demoAdmin.id).update({ is_active: false })
    try {
      for (let round = 0; round < 3; round++) {
        const [a, b] = await Promise.all(
          ['a', 'b'].map((tag) =>
            User.create({
              fullName: `Racer ${tag.toUpperCase()}`,
              email: `race-admin-${tag}-${Date.now()}-${round}@broker.test`,
              password: DEMO_PASSWORD,
              roleId: 1,
              isEmailVerified: true,
              isActive: true,
            })
          )
        )
        made.push(a.id, b.id)
        const [sa, sb] = await Promise.all([
          signedInBrowser(a.email, DEMO_PASSWORD),
          signedInBrowser(b.email, DEMO_PASSWORD),
        ])
        const change = round === 1 ? { isActive: false } : { roleId: 2 }
        const responses = await Promise.all([
          sa.put(`/admin/users/${b.id}`, formOf(b, change)),
          sb.put(`/admin/users/${a.id}`, formOf(a, change)),
        ])
        const statuses = responses.map((r) => r.status)
        assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
        // The loser is refused by the rule, or already signed out by the winner's change.
        assert.isTrue(
          statuses.every((s) => [200, 401, 422].includes(s)),
          statuses.join(',')
        )
        assert.equal(await activeAdmins(), 1, `round ${round}`)
        // Retire both racers (kept: the audit log names them).
        await db
          .from('users')
          .whereIn('id', [a.id, b.id])
          .update({ is_active: false, deleted_at: new Date() })
      }
    } finally {
      await db.from('users').where('id', demoAdmin.id).update({ is_active: true })
      await db
        .from('users')
        .whereIn('id', made)
        .update({ is_active: false, deleted_at: new Date() })
    }
  }).timeout(60_000)
})
