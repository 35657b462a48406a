import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'
import { enrol } from '#tests/helpers/two_factor'

/*
| Login-as never bypasses the staff member's own second factor: a login-as
| session lives on the staff member's completed sign-in (the session's
| signInComplete names them, or the session was complete for the customer),
| and "Back To Admin" restores the staff session only as complete as it was.
*/
test.group('Two-factor login and login-as sessions', (group) => {
  isolate(group)

  test("a login-as session opened in the staff member's completed sign-in goes back to admin complete", async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const response = await api(client, 'post', '/authManager/back-to-admin').withSession({
      auth_web: customer.id,
      impersonator: { staffId: admin.id, staffRoleId: 1 },
      signInComplete: admin.id,
    })
    response.assertStatus(200)
    response.assertSession('auth_web', admin.id)
    response.assertSession('signInComplete', admin.id)
  })

  test('a login-as session without a completed staff sign-in ends: no way back to admin', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const session = {
      auth_web: customer.id,
      impersonator: { staffId: admin.id, staffRoleId: 1 },
    }
    const back = await api(client, 'post', '/authManager/back-to-admin').withSession(session)
    back.assertStatus(401)
    back.assertSessionMissing('auth_web')
    back.assertSessionMissing('impersonator')
    const page = await client.get('/dashboard').redirects(0).withSession(session)
    page.assertStatus(302)
    page.assertHeader('location', '/')
  })

  test('a completed sign-in of someone else (not the customer, not the staff member) does not count', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const manager = await UserFactory.apply('manager').create()
    const back = await api(client, 'post', '/authManager/back-to-admin').withSession({
      auth_web: customer.id,
      impersonator: { staffId: admin.id, staffRoleId: 1 },
      signInComplete: manager.id,
    })
    back.assertStatus(401)
    back.assertSessionMissing('auth_web')
  })

  test("the customer's own second factor does not stop a login-as session of a complete staff sign-in", async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    await enrol(customer)
    const me = await client
      .get('/auth/user')
      .header('Accept', 'application/json')
      .withSession({
        auth_web: customer.id,
        impersonator: { staffId: admin.id, staffRoleId: 1 },
        signInComplete: admin.id,
      })
    me.assertStatus(200)
  })
})
