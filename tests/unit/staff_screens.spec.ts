import { test } from '@japa/runner'
import { STAFF_SCREENS, screenAt, screenRoles } from '#domain/staff_screens'
import { MENU, staffMenu } from '#domain/navigation'
import { Roles, STAFF_ROLES } from '#domain/roles'

test.group('the staff screen registry (app/domain/staff_screens.ts)', () => {
  test('every screen has a menu entry, a unique name and path', ({ assert }) => {
    const names = STAFF_SCREENS.map((s) => s.name)
    const paths = STAFF_SCREENS.map((s) => s.path)
    assert.equal(new Set(names).size, names.length)
    assert.equal(new Set(paths).size, paths.length)
    for (const screen of STAFF_SCREENS)
      assert.isAbove(screenRoles(screen.path).length, 0, screen.path)
  })

  test('a screen opens to every role its menu links name, across sections', ({ assert }) => {
    assert.deepEqual(screenRoles('/admin/crm/sales/all'), [
      Roles.ADMIN,
      Roles.MANAGER,
      Roles.SALES_AGENT,
    ])
    assert.deepEqual(screenRoles('/admin/kyc'), [Roles.ADMIN])
    assert.throws(() => screenRoles('/admin/nowhere'), /no menu entry/)
  })

  test("a role's menu links only to built screens it may open", ({ assert }) => {
    const built = new Set<string>(STAFF_SCREENS.map((s) => s.path))
    for (const roleId of STAFF_ROLES) {
      for (const link of staffMenu(roleId).flatMap((s) => s.links)) {
        assert.isTrue(built.has(link.href), link.href)
        assert.include(screenRoles(link.href), roleId, link.href)
      }
    }
    assert.deepEqual(
      staffMenu(Roles.MANAGER).map((s) => s.label),
      MENU.filter((s) =>
        [
          'Transactions',
          'User Management',
          'CRM',
          'Sales',
          'CRM Settings',
          'Trades',
          'Trade Management',
        ].includes(s.label)
      ).map((s) => s.label)
    )
  })

  test('the screen at a URL: query and trailing slash ignored', ({ assert }) => {
    assert.equal(screenAt('/admin/kyc?page=2')?.title, 'KYC Documents')
    assert.equal(screenAt('/admin/withdraws/pending/')?.name, 'admin.withdraws.pending')
    assert.equal(screenAt('/admin')?.title, 'Dashboard')
    assert.isUndefined(screenAt('/admin/unknown'))
  })
})
