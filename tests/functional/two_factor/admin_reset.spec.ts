import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { userOfRole } from '#tests/helpers/users'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { freshRecoveryCode } from '#tests/helpers/two_factor'
import { afterPassword } from '#tests/helpers/two_factor_flow'

const resetOf = (id: number) => `/admin/users/${id}/two-factor`

/**
 * A staff member with the second factor on, as every staff account has it; read back, so the
 * session generation the database fills is there to compare.
 */
async function staffMember(role: 'admin' | 'manager') {
  const user = await UserFactory.apply(role, 'withSecondFactor').create()
  return user.refresh()
}

test.group('DELETE /admin/users/{id}/two-factor (an admin resets a second factor)', (group) => {
  isolate(group)

  test('only role 1 may: the others get 403 and nothing changes; a visitor 401', async ({
    client,
    assert,
  }) => {
    const manager = await staffMember('manager')
    const before = await auditCount()
    // The callers: the seeded account of each other role.
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const response = await api(client, 'delete', resetOf(manager.id)).loginAs(
        await userOfRole(roleId)
      )
      response.assertStatus(403)
    }
    ;(await api(client, 'delete', resetOf(manager.id))).assertStatus(401)
    assert.exists(await db.from('two_factor_credentials').where('user_id', manager.id).first())
    assert.equal(await auditCount(), before)
  })

  test("it removes the key and codes, ends the user's sessions and writes an audit row", async ({
    client,
    assert,
  }) => {
    const admin = await staffMember('admin')
    const manager = await staffMember('manager')
    await freshRecoveryCode(manager)
    const session = await signedInBrowser(manager.email, FACTORY_PASSWORD)
    assert.equal((await session.getJson('/auth/user')).status, 200)

    const response = await api(client, 'delete', resetOf(manager.id)).loginAs(admin)
    response.assertStatus(200)
    response.assertBodyContains({
      message: 'Two-factor login reset. The user enrols again at their next login.',
    })
    assert.notExists(await db.from('two_factor_credentials').where('user_id', manager.id).first())
    assert.notExists(
      await db.from('two_factor_recovery_codes').where('user_id', manager.id).first()
    )
    const reloaded = await User.findOrFail(manager.id)
    assert.equal(reloaded.sessionGeneration, (manager.sessionGeneration ?? 0) + 1)
    assert.equal((await session.getJson('/auth/user')).status, 401)

    const row = await onlyAuditRow('user.two_factor_reset', manager.id)
    assert.equal(row.staff_id, admin.id)
    assert.equal(row.target_type, 'user')

    // Their next login starts with the enrolment.
    const { browser } = await afterPassword(manager.email, false, FACTORY_PASSWORD)
    assert.equal((await browser.get('/login/two-factor')).location, '/login/two-factor/enrol')
  })

  test('refusals: own account 403, unknown user 404, no second factor 409; nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await staffMember('admin')
    // A customer who never turned the second factor on.
    const newcomer = await UserFactory.create()
    const before = await auditCount()
    ;(await api(client, 'delete', resetOf(admin.id)).loginAs(admin)).assertStatus(403)
    ;(await api(client, 'delete', resetOf(999999)).loginAs(admin)).assertStatus(404)
    ;(await api(client, 'delete', '/admin/users/0x10/two-factor').loginAs(admin)).assertStatus(404)
    const none = await api(client, 'delete', resetOf(newcomer.id)).loginAs(admin)
    none.assertStatus(409)
    none.assertBodyContains({ message: 'This user has no two-factor login to reset' })
    assert.equal(await auditCount(), before)
    assert.exists(await db.from('two_factor_credentials').where('user_id', admin.id).first())
  })
})
