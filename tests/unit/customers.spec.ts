import { test } from '@japa/runner'
import { customerPageAccess, customerListTitle } from '#domain/customers'
import { screenAt, screenRoles } from '#domain/staff_screens'
import type { RoleId } from '#domain/roles'

const access = (viewerRole: RoleId, showUserInfoAgent = true, own = false) =>
  customerPageAccess({ viewerRole, own, showUserInfoAgent })

test.group('Edit customer page: what each role may do (CRM spec §2.9, §6)', () => {
  test('admins and managers edit and adjust; a manager has the isManager flag', ({ assert }) => {
    assert.containsSubset(access(1), {
      canEdit: true,
      canAdjust: true,
      masked: false,
      isManager: false,
      moneyTabs: true,
    })
    assert.containsSubset(access(2), {
      canEdit: true,
      canAdjust: true,
      masked: false,
      isManager: true,
      moneyTabs: true,
    })
  })

  test('role 6 always obscured and read-only; role 5 obscured only with showUserInfoAgent off', ({
    assert,
  }) => {
    for (const on of [true, false]) {
      assert.containsSubset(access(6, on), {
        canEdit: false,
        canAdjust: false,
        masked: true,
        moneyTabs: false,
      })
    }
    assert.containsSubset(access(5, true), { canEdit: false, canAdjust: false, masked: false })
    assert.containsSubset(access(5, false), { masked: true })
  })

  test("one's own page: editable, never masked, no balance buttons or money tabs", ({ assert }) => {
    for (const role of [1, 2, 4, 5, 6] as RoleId[]) {
      assert.containsSubset(access(role, false, true), {
        own: true,
        canEdit: true,
        canAdjust: false,
        masked: false,
        moneyTabs: false,
        loginAs: false,
      })
    }
  })

  test('the lists and the edit page in the screen registry', ({ assert }) => {
    assert.equal(customerListTitle('all'), 'All Customers')
    assert.equal(customerListTitle('inactive'), 'Inactive Customers')
    assert.deepEqual(screenRoles('/admin/customers/all'), [1, 2])
    assert.deepEqual(screenRoles('/admin/customers/inactive'), [1, 2])
    assert.deepInclude(screenAt('/admin/customers/edit/42'), {
      name: 'admin.customers.edit',
      path: '/admin/customers/all',
      title: 'Edit Customer',
    })
    assert.isUndefined(screenAt('/admin/customers/edit/abc'))
  })
})
