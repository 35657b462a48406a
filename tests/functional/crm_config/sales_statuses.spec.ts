import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Lead from '#models/lead'
import SalesStatus from '#models/sales_status'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { staffSignedIn } from '#tests/helpers/race'
import { DEMO, userOfRole } from '#tests/helpers/users'
import { ALL_ROLES, type RoleId } from '#domain/roles'

const URL = '/admin/crm-config/sales-statuses'
const ALLOWED: RoleId[] = [1, 2]
const admin = () => userOfRole(1)

const statusCount = async () => Number((await db.from('sales_statuses').count('* as n').first()).n)
const defaults = async () =>
  (await SalesStatus.query().where('is_default', true)).map((row) => row.status)

test.group('Sales statuses: access', (group) => {
  isolate(group)

  test('the page and every call are open to roles 1 and 2 only', async ({ client, assert }) => {
    const row = await SalesStatus.create({ status: 'Access Probe', isDefault: false })
    for (const roleId of ALL_ROLES) {
      const user = await userOfRole(roleId)
      const allowed = ALLOWED.includes(roleId)
      const page = await client.get(URL).loginAs(user).withInertia()
      assert.equal(page.status(), allowed ? 200 : 403, `page, role ${roleId}`)
      if (allowed) page.assertInertiaComponent('staff/crm_config/sales_statuses')
      const calls = [
        api(client, 'get', `${URL}/api`),
        api(client, 'post', URL, { status: `Probe ${roleId}`, isDefault: false }),
        api(client, 'put', `${URL}/${row.id}`, { status: 'Access Probe', isDefault: false }),
        api(client, 'delete', `${URL}/999999`),
      ]
      const expected = allowed ? [200, 201, 200, 404] : [403, 403, 403, 403]
      for (const [i, call] of calls.entries()) {
        const response = await call.loginAs(user)
        assert.equal(response.status(), expected[i], `call ${i}, role ${roleId}`)
      }
    }
  })

  test('a visitor is sent to log in, a JSON caller gets 401', async ({ client }) => {
    ;(await api(client, 'get', `${URL}/api`)).assertStatus(401)
    ;(await api(client, 'post', URL, { status: 'X', isDefault: false })).assertStatus(401)
  })
})

test.group('Sales statuses: list and writes', (group) => {
  isolate(group)

  test('the list pages newest first and answers limit=999 with every status', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    for (let i = 0; i < 20; i++) await SalesStatus.create({ status: `Bulk ${i}`, isDefault: false })
    const total = await statusCount()
    const first = await api(client, 'get', `${URL}/api`).loginAs(as)
    first.assertStatus(200)
    assert.lengthOf(first.body().data, 15)
    assert.equal(first.body().meta.total, total)
    assert.deepEqual(first.body().data[0], {
      id: first.body().data[0].id,
      status: 'Bulk 19',
      isDefault: false,
    })
    const all = await api(client, 'get', `${URL}/api?page=1&limit=999`).loginAs(as)
    all.assertStatus(200)
    assert.lengthOf(all.body().data, total)
    assert.include(
      all.body().data.map((r: any) => r.status),
      'New'
    )
    const search = await api(client, 'get', `${URL}/api?search=bulk%201`).loginAs(as)
    assert.lengthOf(search.body().data, 11)
  })

  test('bad paging is a 422 under its field', async ({ client, assert }) => {
    const as = await admin()
    for (const [query, field] of [
      ['limit=7', 'limit'],
      ['limit=1000', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
    ]) {
      const response = await api(client, 'get', `${URL}/api?${query}`).loginAs(as)
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), field, query)
    }
  })

  test('add: the spec toast, the row, and an audit row', async ({ client, assert }) => {
    const response = await api(client, 'post', URL, {
      status: '  Call   Later ',
      isDefault: false,
    }).loginAs(await admin())
    response.assertStatus(201)
    assert.equal(response.body().message, 'Sales status added successfully')
    const row = await SalesStatus.findOrFail(response.body().status.id)
    assert.equal(row.status, 'Call Later')
    assert.isFalse(row.isDefault)
    assert.deepEqual(await defaults(), ['New'])
    const audit = await onlyAuditRow('sales_status.create', row.id)
    assert.equal(audit.target_type, 'sales_status')
    assert.deepEqual(audit.changes.status, { before: null, after: 'Call Later' })
  })

  test('the spec messages, and bad input writes nothing', async ({ client, assert }) => {
    const as = await admin()
    const before = await statusCount()
    const audits = await auditCount()
    const cases: [unknown, Record<string, string>][] = [
      [{}, { status: 'Status is required', isDefault: 'isDefault is required' }],
      [{ status: '   ', isDefault: true }, { status: 'Status is required' }],
      [
        { status: 12, isDefault: 'yes' },
        { status: 'Status is required', isDefault: 'isDefault is required' },
      ],
      [
        { status: 'x'.repeat(61), isDefault: false },
        { status: 'Status must be at most 60 characters' },
      ],
      [
        { status: ['New'], isDefault: null },
        { status: 'Status is required', isDefault: 'isDefault is required' },
      ],
      [{ status: 'new ', isDefault: false }, { status: 'This status already exists' }],
      [{ status: 'NEW', isDefault: true }, { status: 'This status already exists' }],
    ]
    for (const [body, expected] of cases) {
      const response = await api(client, 'post', URL, body).loginAs(as)
      response.assertStatus(422)
      const errors = fieldErrors(response.body())
      for (const [field, message] of Object.entries(expected)) {
        assert.equal(errors[field], message, JSON.stringify(body))
      }
    }
    const text = await client
      .post(URL)
      .header('Accept', 'application/json')
      .header('Content-Type', 'application/json')
      .withCsrfToken()
      .loginAs(as)
      .json('not an object' as any)
    assert.isBelow(text.status(), 500)
    assert.equal(await statusCount(), before)
    assert.equal(await auditCount(), audits)
    assert.deepEqual(await defaults(), ['New'])
  })

  test('a new default takes the flag from the old one', async ({ client, assert }) => {
    const response = await api(client, 'post', URL, { status: 'Hot', isDefault: true }).loginAs(
      await admin()
    )
    response.assertStatus(201)
    assert.deepEqual(await defaults(), ['Hot'])
  })

  test('edit: rename and make default; un-defaulting the default is refused', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const row = await SalesStatus.create({ status: 'Warm', isDefault: false })
    const renamed = await api(client, 'put', `${URL}/${row.id}`, {
      status: 'Warm Lead',
      isDefault: true,
    }).loginAs(as)
    renamed.assertStatus(200)
    assert.equal(renamed.body().message, 'Sales status updated successfully')
    assert.deepEqual(await defaults(), ['Warm Lead'])
    const audit = await onlyAuditRow('sales_status.update', row.id)
    assert.deepEqual(audit.changes.status, { before: 'Warm', after: 'Warm Lead' })
    assert.deepEqual(audit.changes.isDefault, { before: false, after: true })

    const audits = await auditCount()
    const undefault = await api(client, 'put', `${URL}/${row.id}`, {
      status: 'Warm Lead',
      isDefault: false,
    }).loginAs(as)
    undefault.assertStatus(422)
    assert.equal(
      fieldErrors(undefault.body()).isDefault,
      'One status must be the default: make another status the default instead'
    )
    assert.deepEqual(await defaults(), ['Warm Lead'])

    const taken = await api(client, 'put', `${URL}/${row.id}`, {
      status: ' new',
      isDefault: true,
    }).loginAs(as)
    taken.assertStatus(422)
    assert.equal(fieldErrors(taken.body()).status, 'This status already exists')
    // Its own name in another case is no clash.
    const recased = await api(client, 'put', `${URL}/${row.id}`, {
      status: 'WARM LEAD',
      isDefault: true,
    }).loginAs(as)
    recased.assertStatus(200)
    assert.equal(await auditCount(), audits + 1)
  })

  test('edit and delete of an unknown or malformed id are 404', async ({ client }) => {
    const as = await admin()
    for (const id of ['999999', '0', 'abc', '1e2', '99999999999']) {
      ;(
        await api(client, 'put', `${URL}/${id}`, { status: 'X', isDefault: false }).loginAs(as)
      ).assertStatus(404)
      ;(await api(client, 'delete', `${URL}/${id}`).loginAs(as)).assertStatus(404)
    }
  })

  test('delete: the spec toast and an audit row; the default is refused', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const row = await SalesStatus.create({ status: 'Doomed', isDefault: false })
    const response = await api(client, 'delete', `${URL}/${row.id}`).loginAs(as)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Sales Status deleted successfully')
    assert.isNull(await SalesStatus.find(row.id))
    const audit = await onlyAuditRow('sales_status.delete', row.id)
    assert.deepEqual(audit.changes.status, { before: 'Doomed', after: null })

    const fallback = await SalesStatus.findByOrFail('status', 'New')
    const refused = await api(client, 'delete', `${URL}/${fallback.id}`).loginAs(as)
    refused.assertStatus(409)
    assert.equal(
      refused.body().message,
      'The default status cannot be deleted: make another status the default first'
    )
    assert.deepEqual(await defaults(), ['New'])
  })

  test('a status leads carry is not deleted: the refusal says how many', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const row = await SalesStatus.create({ status: 'Busy', isDefault: false })
    const lead = (n: number) =>
      Lead.create({
        email: `status-${n}@carry.test`,
        group: 'sales',
        source: 'manual',
        salesStatusId: row.id,
      })
    await lead(1)
    const one = await api(client, 'delete', `${URL}/${row.id}`).loginAs(as)
    one.assertStatus(409)
    assert.equal(one.body().message, 'This status is used by 1 lead')
    await lead(2)
    await lead(3)
    const audits = await auditCount()
    const three = await api(client, 'delete', `${URL}/${row.id}`).loginAs(as)
    three.assertStatus(409)
    assert.equal(three.body().message, 'This status is used by 3 leads')
    assert.isNotNull(await SalesStatus.find(row.id))
    assert.equal(await auditCount(), audits)
  })

  test('a manager may edit statuses too (menu: roles 1, 2), audited as the manager', async ({
    client,
    assert,
  }) => {
    const manager = await userOfRole(2)
    const response = await api(client, 'post', URL, {
      status: 'By Manager',
      isDefault: false,
    }).loginAs(manager)
    response.assertStatus(201)
    const audit = await onlyAuditRow('sales_status.create', response.body().status.id)
    assert.equal(audit.staff_id, manager.id)
  })
})

/*
| No shared rolled-back transaction: each request commits on its own (on
| PostgreSQL, its own connection), so the two "make default" edits race.
*/
test.group('Sales statuses: two admins making different statuses default at once', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('leaves exactly one default, round after round', async ({ assert }) => {
    const original = await SalesStatus.query().where('is_default', true).firstOrFail()
    const made: number[] = []
    try {
      const [sa, sb] = [await staffSignedIn(DEMO.admin), await staffSignedIn(DEMO.manager)]
      for (let round = 0; round < 4; round++) {
        const [a, b] = [
          await SalesStatus.create({ status: `Race A ${Date.now()} ${round}`, isDefault: false }),
          await SalesStatus.create({ status: `Race B ${Date.now()} ${round}`, isDefault: false }),
        ]
        made.push(a.id, b.id)
        const responses = await Promise.all([
          sa.put(`${URL}/${a.id}`, { status: a.status, isDefault: true }),
          sb.put(`${URL}/${b.id}`, { status: b.status, isDefault: true }),
        ])
        assert.deepEqual(
          responses.map((r) => r.status),
          [200, 200]
        )
        const now = await SalesStatus.query().where('is_default', true)
        assert.lengthOf(now, 1, `round ${round}`)
        assert.include([a.id, b.id], now[0].id)
      }
      // And two creations as the default at once.
      const created = await Promise.all([
        sa.post(URL, { status: `Race C ${Date.now()}`, isDefault: true }),
        sb.post(URL, { status: `Race D ${Date.now()}`, isDefault: true }),
      ])
      for (const r of created) if (r.body?.status?.id) made.push(r.body.status.id)
      assert.deepEqual(
        created.map((r) => r.status),
        [201, 201]
      )
      assert.lengthOf(await SalesStatus.query().where('is_default', true), 1)
    } finally {
      await db.from('sales_statuses').update({ is_default: false })
      await db.from('sales_statuses').where('id', original.id).update({ is_default: true })
      await db.from('sales_statuses').whereIn('id', made).delete()
    }
  }).timeout(60_000)
})
