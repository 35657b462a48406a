import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

test.group('POST /authManager/back-to-admin', (group) => {
  isolate(group)

  test('outside a login-as session it is refused with 403', async ({ client }) => {
    for (const user of [
      await UserFactory.create(),
      await UserFactory.apply('admin').create(),
      await UserFactory.apply('agent').create(),
    ]) {
      const response = await api(client, 'post', '/authManager/back-to-admin').loginAs(user)
      response.assertStatus(403)
      response.assertBodyContains({ message: 'This is not a login-as session' })
      response.assertSession('auth_web', user.id)
    }
  })

  test('in a login-as session it signs the staff member back in and ends the impersonation', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const response = await api(client, 'post', '/authManager/back-to-admin')
      .loginAs(customer)
      .withSession({ impersonator: { staffId: admin.id, staffRoleId: 1 } })
    response.assertStatus(200)
    response.assertBodyContains({ redirect: '/admin' })
    response.assertSession('auth_web', admin.id)
    response.assertSessionMissing('impersonator')
  })

  test('an agent goes back to their own desk, which they may open', async ({ client }) => {
    const customer = await UserFactory.create()
    const agent = await UserFactory.apply('agent').create()
    const response = await api(client, 'post', '/authManager/back-to-admin')
      .loginAs(customer)
      .withSession({ impersonator: { staffId: agent.id, staffRoleId: 5 } })
    response.assertStatus(200)
    response.assertBodyContains({ redirect: '/admin/crm/sales/all' })
    response.assertSession('auth_web', agent.id)
    ;(await client.get('/admin/crm/sales/all').loginAs(agent).withInertia()).assertStatus(200)
  })

  test('a visitor gets 401', async ({ client }) => {
    ;(await api(client, 'post', '/authManager/back-to-admin')).assertStatus(401)
  })
})

test.group('POST /authManager/back-to-admin with a staff account that is gone', (group) => {
  isolate(group)

  test('a disabled staff account is not signed back in: its login-as session has ended', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    admin.isActive = false
    await admin.save()
    const response = await api(client, 'post', '/authManager/back-to-admin')
      .loginAs(customer)
      .withSession({ impersonator: { staffId: admin.id, staffRoleId: 1 } })
    response.assertStatus(401)
    response.assertSessionMissing('auth_web')
    response.assertSessionMissing('impersonator')
  })

  test('a customer account recorded as the impersonator is not a way back', async ({ client }) => {
    const customer = await UserFactory.create()
    const other = await UserFactory.create()
    const response = await api(client, 'post', '/authManager/back-to-admin')
      .loginAs(customer)
      .withSession({ impersonator: { staffId: other.id, staffRoleId: 1 } })
    response.assertStatus(403)
    response.assertSession('auth_web', customer.id)
  })
})
