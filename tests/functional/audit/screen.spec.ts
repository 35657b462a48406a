import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { recordStaffAction, type StaffActionEntry } from '#services/audit_log'
import { REDACTED } from '#domain/redaction'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { tamperWith } from '#tests/helpers/audit'
import { userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'

/** Starts each test from an empty log (inside the rolled-back transaction). */
function withEmptyLog(group: Parameters<typeof isolate>[0]) {
  group.each.setup(async () => {
    await tamperWith('DELETE FROM audit_logs')
  })
}

async function record(staff: User, entry: Omit<StaffActionEntry, 'staff' | 'ip'>) {
  return db.transaction((trx) => recordStaffAction(trx, { staff, ip: '198.51.100.20', ...entry }))
}

/** Four rows by two staff members over deposits, a gateway and a KYC document. */
async function someHistory() {
  const admin = await UserFactory.apply('admin').create()
  const manager = await UserFactory.apply('manager').create()
  await record(manager, {
    action: 'deposit.approve',
    target: { type: 'deposit', id: 7 },
    before: { status: 'pending', balanceAfter: null },
    after: { status: 'approved', balanceAfter: '350.00' },
  })
  await record(admin, {
    action: 'gateway.update',
    target: { type: 'gateway', id: 'paypal' },
    before: { key1: 'client-old', key2: 'secret-old', isActive: false },
    after: { key1: 'client-new', key2: 'secret-new', isActive: true },
    secretFields: ['key2'],
  })
  await record(admin, {
    action: 'deposit.decline',
    target: { type: 'deposit', id: 8 },
    before: { status: 'pending' },
    after: { status: 'declined' },
  })
  await record(admin, {
    action: 'kyc.decline',
    target: { type: 'kyc_document', id: 7 },
    before: { status: 'pending', declineReason: null },
    after: { status: 'declined', declineReason: 'Blurry' },
  })
  return { admin, manager }
}

test.group('Audit Log screen (GET /admin/audit, /admin/audit/api)', (group) => {
  isolate(group)
  withEmptyLog(group)

  test('the page renders for role 1 with the staff members who appear in the log', async ({
    client,
    assert,
  }) => {
    const { admin, manager } = await someHistory()
    const response = await client.get('/admin/audit').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/audit/index')
    const members = response.inertiaProps.staffMembers as {
      id: number
      name: string
      email: string
    }[]
    assert.sameMembers(
      members.map((m) => m.id),
      [admin.id, manager.id]
    )
    assert.containsSubset(members, [{ id: manager.id, email: manager.email }])
  })

  test('roles 2 to 6 get 403, a visitor is sent to log in (page) or gets 401 (list)', async ({
    client,
  }) => {
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin/audit').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'get', '/admin/audit/api').loginAs(user)).assertStatus(403)
    }
    const page = await client.get('/admin/audit').redirects(0)
    page.assertStatus(302)
    ;(await api(client, 'get', '/admin/audit/api')).assertStatus(401)
  })

  test('the list: newest first, who, role, address, action, target and changes in words, secrets masked', async ({
    client,
    assert,
  }) => {
    const { admin, manager } = await someHistory()
    const response = await api(client, 'get', '/admin/audit/api').loginAs(admin)
    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.equal(meta.total, 4)
    assert.deepEqual(
      data.map((r: { action: string }) => r.action),
      ['kyc.decline', 'deposit.decline', 'gateway.update', 'deposit.approve']
    )
    const approval = data[3]
    assert.match(approval.createdAt, /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)
    assert.containsSubset(approval, {
      staff: { id: manager.id, name: manager.fullName, email: manager.email },
      role: 'Manager',
      ip: '198.51.100.20',
      action: 'deposit.approve',
      actionLabel: 'Deposit approved',
      target: { type: 'deposit', id: '7', label: 'Deposit', name: '#7', translateName: false },
    })
    assert.deepEqual(approval.changes, [
      {
        field: 'balanceAfter',
        label: 'Balance After',
        before: '-',
        after: '350.00',
        translate: false,
      },
      { field: 'status', label: 'Status', before: 'pending', after: 'approved', translate: true },
    ])
    const gateway = data[2]
    assert.equal(gateway.staff.id, admin.id)
    assert.deepEqual(gateway.target, {
      type: 'gateway',
      id: 'paypal',
      label: 'Gateway',
      name: 'PayPal',
      translateName: true,
    })
    assert.deepEqual(gateway.changes, [
      { field: 'isActive', label: 'Active', before: 'No', after: 'Yes', translate: true },
      {
        field: 'key1',
        label: 'Client Key',
        before: 'client-old',
        after: 'client-new',
        translate: false,
      },
      { field: 'key2', label: 'Secret Key', before: REDACTED, after: REDACTED, translate: true },
    ])
    assert.notInclude(response.text(), 'secret-old')
    assert.notInclude(response.text(), 'secret-new')
  })

  test('settings rows name the setting and its fields as their screens do', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await record(admin, {
      action: 'settings.update',
      target: { type: 'setting', id: 'spreads' },
      before: { spread_forex: '1' },
      after: { spread_forex: '3' },
    })
    const [row] = (await api(client, 'get', '/admin/audit/api').loginAs(admin)).body().data
    assert.containsSubset(row.target, {
      label: 'Setting',
      name: 'Spread Settings',
      translateName: true,
    })
    assert.deepEqual(row.changes, [
      { field: 'spread_forex', label: 'Forex Spread', before: '1', after: '3', translate: false },
    ])
  })

  test('filters: staff member, action, target type, target id, and together', async ({
    client,
    assert,
  }) => {
    const { admin, manager } = await someHistory()
    const ids = async (query: string) => {
      const response = await api(client, 'get', `/admin/audit/api?${query}`).loginAs(admin)
      response.assertStatus(200)
      return response
        .body()
        .data.map((r: { action: string; target: { id: string } }) => `${r.action}:${r.target.id}`)
    }
    assert.deepEqual(await ids(`staffId=${manager.id}`), ['deposit.approve:7'])
    assert.deepEqual(await ids('action=deposit.decline'), ['deposit.decline:8'])
    assert.deepEqual(await ids('targetType=deposit'), ['deposit.decline:8', 'deposit.approve:7'])
    assert.deepEqual(await ids('targetId=7'), ['kyc.decline:7', 'deposit.approve:7'])
    assert.deepEqual(await ids('targetType=deposit&targetId=7'), ['deposit.approve:7'])
    assert.deepEqual(await ids(`staffId=${admin.id}&targetType=deposit`), ['deposit.decline:8'])
    assert.deepEqual(await ids('targetId=paypal'), ['gateway.update:paypal'])
    assert.deepEqual(await ids('staffId=999999'), [])
    const paged = await api(client, 'get', '/admin/audit/api?limit=15&page=2').loginAs(admin)
    assert.deepEqual(paged.body().data, [])
    assert.equal(paged.body().meta.total, 4)
  })

  test('server sort: oldest first, or by action (ties newest first by id order asked), across pages', async ({
    client,
    assert,
  }) => {
    const { admin } = await someHistory()
    const read = async (query: string) => {
      const response = await api(client, 'get', `/admin/audit/api?${query}`).loginAs(admin)
      response.assertStatus(200)
      return response.body().data as { id: number; action: string }[]
    }
    const newest = await read('')
    const oldest = await read('sort=id&order=asc')
    assert.deepEqual(
      oldest.map((r) => r.id),
      newest.map((r) => r.id).reverse()
    )
    const byAction = (await read('sort=action&order=asc')).map((r) => r.action)
    assert.deepEqual(byAction, [...byAction].sort())
    const byActionDesc = (await read('sort=action&order=desc')).map((r) => r.action)
    assert.deepEqual(byActionDesc, [...byActionDesc].sort().reverse())
  })

  test('bad filter or paging input is a 422 under the field, with a message', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const cases: [string, string, string][] = [
      ['staffId=abc', 'staffId', 'Choose a staff member from the list'],
      ['staffId=0x10', 'staffId', 'Choose a staff member from the list'],
      ['action=deposit.drop', 'action', 'Choose an action from the list'],
      ['action=toString', 'action', 'Choose an action from the list'],
      ['targetType=table', 'targetType', 'Choose a target type from the list'],
      [
        'targetId=1%3B%20drop',
        'targetId',
        'Target ID must be an id or a key of letters, digits, dots, dashes and underscores',
      ],
      [
        `targetId=${'a'.repeat(65)}`,
        'targetId',
        'Target ID must be an id or a key of letters, digits, dots, dashes and underscores',
      ],
      ['limit=7', 'limit', 'Page size must be one of 15, 25, 50'],
      ['page=0', 'page', 'Page must be a whole number of at least 1'],
      ['sort=hash', 'sort', 'This list cannot be sorted by that column'],
      ['sort=id;drop', 'sort', 'This list cannot be sorted by that column'],
      ['sort=id&order=sideways', 'order', 'Sort order must be asc or desc'],
    ]
    for (const [query, field, message] of cases) {
      const response = await api(client, 'get', `/admin/audit/api?${query}`).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, query)
    }
    ;(
      await api(client, 'get', '/admin/audit/api?action[]=kyc.approve').loginAs(admin)
    ).assertStatus(422)
  })

  test('no route edits or deletes a row', async ({ client, assert }) => {
    const { admin } = await someHistory()
    const [row] = await db.from('audit_logs').select('id').limit(1)
    for (const method of ['put', 'patch', 'delete'] as const) {
      const response = await api(client, method, `/admin/audit/${row.id}`, {}).loginAs(admin)
      assert.equal(response.status(), 404, method)
      ;(await api(client, method, '/admin/audit/api', {}).loginAs(admin)).assertStatus(404)
    }
    assert.lengthOf(await db.from('audit_logs'), 4)
  })
})
