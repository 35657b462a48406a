import { test } from '@japa/runner'
import { defaultRoleFor, roleChoices, userChangeRefusal, userListAt } from '#domain/staff_users'
import { parseWhitelist, whitelistAllows } from '#domain/whitelist'

const admin = { id: 1, roleId: 1, isActive: true }
const manager = { id: 2, roleId: 2, isActive: true }

test.group('Admin & Staffs: the user form (admin spec §2, §3 Staff user)', () => {
  test('the path segment after /admin names the list', ({ assert }) => {
    assert.equal(userListAt('/admin/users'), 'users')
    assert.equal(userListAt('/admin/users?page=2'.split('?')[0]), 'users')
    assert.equal(userListAt('/admin/customers/all'), 'customers')
    assert.equal(userListAt('/admin/customers/inactive'), 'customers')
  })

  test('role default and choices: Admin and the staff roles on users; User and User too on customers', ({
    assert,
  }) => {
    assert.equal(defaultRoleFor('users'), 1)
    assert.equal(defaultRoleFor('customers'), 3)
    assert.deepEqual(
      roleChoices('users').map((c) => c.label),
      ['Admin', 'Manager', 'Affiliator', 'Agent', 'Retention Agent']
    )
    assert.deepEqual(
      roleChoices('customers').map((c) => c.value),
      [1, 2, 3, 4, 5, 6]
    )
  })
})

test.group('Admin & Staffs: the IP whitelist (issue 12 item 2)', () => {
  test('blank disables the check; addresses and CIDR ranges are normalized', ({ assert }) => {
    for (const blank of [null, undefined, '', '  ', ' , ,'])
      assert.deepEqual(parseWhitelist(blank), { text: null, errors: [] })
    assert.deepEqual(parseWhitelist(' 203.0.113.7 ,10.0.0.0/8,2001:DB8::/32 '), {
      text: '203.0.113.7, 10.0.0.0/8, 2001:db8::/32',
      errors: [],
    })
  })

  test('invalid entries are named; named ranges are refused', ({ assert }) => {
    assert.deepEqual(parseWhitelist('203.0.113.7, 300.1.1.1, 10.0.0.0/33, loopback, x').errors, [
      '300.1.1.1',
      '10.0.0.0/33',
      'loopback',
      'x',
    ])
    assert.isNull(parseWhitelist('10.0.0.1, nope').text)
  })

  test('matching: listed addresses and ranges, IPv6, IPv4-mapped; no list lets everyone in', ({
    assert,
  }) => {
    const list = '203.0.113.7, 10.0.0.0/8, 2001:db8::/32'
    for (const yes of ['203.0.113.7', '10.9.8.7', '2001:db8::1', '::ffff:10.1.1.1'])
      assert.isTrue(whitelistAllows(list, yes), yes)
    for (const no of ['203.0.113.8', '127.0.0.1', '::1', '2001:db9::1', 'garbage', ''])
      assert.isFalse(whitelistAllows(list, no), no)
    assert.isTrue(whitelistAllows(null, '198.51.100.1'))
    assert.isTrue(whitelistAllows('  ', '198.51.100.1'))
  })

  test('a stored list with no usable entry lets nobody in', ({ assert }) => {
    assert.isFalse(whitelistAllows('loopback', '127.0.0.1'))
    assert.isFalse(whitelistAllows('not-an-ip', '127.0.0.1'))
  })
})

test.group('Admin & Staffs: who may change an account (issue 12 item 1)', () => {
  const update = (roleId: number, isActive: boolean) => ({
    kind: 'update' as const,
    roleId,
    isActive,
  })

  test('nobody deletes, deactivates or re-roles themselves', ({ assert }) => {
    const self = { actorId: 1, target: admin, otherActiveAdmins: 3 }
    assert.equal(
      userChangeRefusal({ ...self, change: { kind: 'delete' } })?.message,
      'You cannot delete your own account'
    )
    assert.deepEqual(userChangeRefusal({ ...self, change: update(1, false) }), {
      message: 'You cannot deactivate your own account',
      field: 'isActive',
    })
    assert.deepEqual(userChangeRefusal({ ...self, change: update(2, true) }), {
      message: 'You cannot change your own role',
      field: 'roleId',
    })
    assert.isNull(userChangeRefusal({ ...self, change: update(1, true) }))
  })

  test('the last active admin is never removed, deactivated or demoted', ({ assert }) => {
    const last = { actorId: 9, target: admin, otherActiveAdmins: 0 }
    assert.equal(
      userChangeRefusal({ ...last, change: { kind: 'delete' } })?.message,
      'The last active admin cannot be deleted'
    )
    assert.equal(userChangeRefusal({ ...last, change: update(1, false) })?.field, 'isActive')
    assert.deepEqual(userChangeRefusal({ ...last, change: update(5, true) }), {
      message: 'The last active admin cannot be given another role',
      field: 'roleId',
    })
    assert.isNull(userChangeRefusal({ ...last, change: update(1, true) }))
  })

  test('with another active admin, or for other roles, the change is allowed', ({ assert }) => {
    assert.isNull(
      userChangeRefusal({
        actorId: 9,
        target: admin,
        otherActiveAdmins: 1,
        change: update(2, false),
      })
    )
    assert.isNull(
      userChangeRefusal({
        actorId: 1,
        target: manager,
        otherActiveAdmins: 0,
        change: { kind: 'delete' },
      })
    )
    // An inactive admin is not "the last active admin": it can be changed.
    assert.isNull(
      userChangeRefusal({
        actorId: 9,
        target: { ...admin, isActive: false },
        otherActiveAdmins: 0,
        change: update(2, false),
      })
    )
  })
})
