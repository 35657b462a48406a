import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { userOfRole } from '#tests/helpers/users'
import { staffMenu } from '#domain/navigation'
import { ALL_ROLES, type RoleId } from '#domain/roles'

/** The menu links a role's staff menu holds. */
const menuLinks = (roleId: RoleId) =>
  staffMenu(roleId).flatMap((section) => section.links.map((link) => link.href))

test.group('Pending Orders page (staff)', (group) => {
  isolate(group)

  test('roles 1 and 2 get the page, with the Cancel button, and its link under Trades', async ({
    client,
    assert,
  }) => {
    for (const roleId of [1, 2] as RoleId[]) {
      const staff = await userOfRole(roleId)
      const response = await client.get('/admin/trades/pending').loginAs(staff).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('staff/trades/pending')
      assert.isTrue(response.inertiaProps.canCancel, `role ${roleId} may cancel`)
      const trades = staffMenu(roleId).find((s) => s.label === 'Trades')
      assert.include(
        trades?.links.map((l) => l.href),
        '/admin/trades/pending',
        `role ${roleId}'s Trades menu`
      )
    }
  })

  test('every other role is refused as on the other trades pages (403) and has no menu link', async ({
    client,
    assert,
  }) => {
    for (const roleId of ALL_ROLES.filter((r) => r > 2)) {
      const user = await userOfRole(roleId)
      const pending = await client.get('/admin/trades/pending').loginAs(user).withInertia()
      const open = await client.get('/admin/trades/open').loginAs(user).withInertia()
      pending.assertStatus(403)
      assert.equal(pending.status(), open.status(), `role ${roleId}: as Open Trades`)
      if (roleId !== 3) assert.notInclude(menuLinks(roleId), '/admin/trades/pending')
    }
  })

  test('a visitor is sent to log in, as on Open Trades', async ({ client, assert }) => {
    const page = await client.get('/admin/trades/pending').redirects(0)
    const open = await client.get('/admin/trades/open').redirects(0)
    page.assertStatus(302)
    assert.equal(page.header('location'), open.header('location'))
  })

  test('a query string or a trailing slash never makes a 5xx', async ({ client, assert }) => {
    const admin = await userOfRole(1)
    for (const url of [
      '/admin/trades/pending?page=abc&limit=-1',
      '/admin/trades/pending?sort=%00&order=x',
      '/admin/trades/pending/',
    ]) {
      const response = await client.get(url).loginAs(admin).withInertia().redirects(0)
      assert.isBelow(response.status(), 500, url)
    }
  })
})
