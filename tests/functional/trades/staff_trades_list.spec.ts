import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Order from '#models/order'
import { OrderFactory } from '#database/factories/order_factory'
import { UserFactory } from '#database/factories/user_factory'
import { staffTradePage } from '#queries/staff_trades'
import { ORDER_COUNT_BLOCK, type TradeListType } from '#domain/trade_list'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import type { RoleId } from '#domain/roles'

/** Each test starts with no orders (inside its rolled-back transaction). */
function withoutOrders(group: Parameters<typeof isolate>[0]) {
  group.each.setup(async () => {
    await Order.query().delete()
  })
}

/** A funded customer with `open` open and `closed` closed orders, oldest first. */
async function customerWithOrders(open: number, closed: number) {
  const user = await UserFactory.apply('funded').create()
  const ids = { userId: user.id, balanceId: user.activeBalanceId! }
  const orders: Order[] = []
  for (let i = 0; i < open; i++) orders.push(await OrderFactory.merge(ids).create())
  for (let i = 0; i < closed; i++)
    orders.push(await OrderFactory.merge(ids).apply('closed').create())
  return { user, orders }
}

/** What the list must show, read the slow way: live orders of the type, newest first. */
async function expectedIds(type: TradeListType, userId?: number) {
  const query = db.from('orders').whereNull('deleted_at').select('id').orderBy('id', 'desc')
  if (type === 'open') query.whereNull('close_time')
  if (type === 'closed') query.whereNotNull('close_time')
  if (userId) query.where('user_id', userId)
  return (await query).map((r: { id: number }) => Number(r.id))
}

test.group('Trades pages (staff)', (group) => {
  isolate(group)

  test('All, Open and Closed Trades render one page component for roles 1 and 2, with the list type', async ({
    client,
    assert,
  }) => {
    for (const roleId of [1, 2] as RoleId[]) {
      const staff = await userOfRole(roleId)
      for (const type of ['all', 'open', 'closed']) {
        const response = await client.get(`/admin/trades/${type}`).loginAs(staff).withInertia()
        response.assertStatus(200)
        response.assertInertiaComponent('staff/trades/index')
        assert.deepEqual(response.inertiaProps.type, type)
      }
    }
  })

  test('other roles are refused the pages (403) and the list API', async ({ client }) => {
    for (const roleId of [3, 4, 5, 6] as RoleId[]) {
      const user = await userOfRole(roleId)
      for (const type of ['all', 'open', 'closed']) {
        ;(await client.get(`/admin/trades/${type}`).loginAs(user).withInertia()).assertStatus(403)
        ;(await api(client, 'get', `/admin/trades/api/${type}`).loginAs(user)).assertStatus(403)
      }
      const customer = await demoUser(DEMO.customer)
      ;(
        await api(client, 'get', `/admin/trades/api/all/${customer.id}`).loginAs(user)
      ).assertStatus(403)
    }
  })

  test('a visitor is sent to log in; a JSON caller gets 401', async ({ client }) => {
    const page = await client.get('/admin/trades/open').redirects(0)
    page.assertStatus(302)
    ;(await api(client, 'get', '/admin/trades/api/open')).assertStatus(401)
  })
})

test.group('Trades list API (staff)', (group) => {
  isolate(group)
  withoutOrders(group)

  test('all, open and closed: live orders newest first with the spec columns; deleted ones never', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const { user, orders } = await customerWithOrders(2, 2)
    const [open1, open2, closed1, closed2] = orders
    const deleted = await OrderFactory.merge({ userId: user.id, balanceId: user.activeBalanceId! })
      .apply('closed')
      .create()
    await db
      .from('orders')
      .where('id', deleted.id)
      .update({ deleted_at: DateTime.now().toSQL({ includeOffset: false }), deleted_by: admin.id })

    const all = (await api(client, 'get', '/admin/trades/api/all').loginAs(admin)).body()
    assert.deepEqual(
      all.data.map((r: any) => r.id),
      [closed2.id, closed1.id, open2.id, open1.id]
    )
    assert.equal(all.meta.total, 4)
    const open = (await api(client, 'get', '/admin/trades/api/open').loginAs(admin)).body()
    assert.deepEqual(
      open.data.map((r: any) => r.id),
      [open2.id, open1.id]
    )
    assert.equal(open.meta.total, 2)
    const closed = (await api(client, 'get', '/admin/trades/api/closed').loginAs(admin)).body()
    assert.deepEqual(
      closed.data.map((r: any) => r.id),
      [closed2.id, closed1.id]
    )
    assert.equal(closed.meta.total, 2)

    // Trade/order fields (admin spec §3), camel-cased as every list here.
    assert.containsSubset(open.data[0], {
      id: open2.id,
      user: { id: user.id, email: user.email },
      balance: { mode: 'real', currency: 'USD' },
      type: 'buy',
      instrument: 'EUR_USD',
      openRate: '1.0845',
      closeRate: null,
      spread: '0',
      marginUsed: '10.85',
      proLossLive: true,
      profit: null,
      loss: null,
      leverage: 100,
      status: 'open',
    })
    assert.containsSubset(closed.data[0], {
      closeRate: '1.0845',
      proLoss: '0',
      proLossLive: false,
      status: 'closed',
    })
    // The dialog's open time: a datetime-local value in UTC, cut to the minute (admin spec §9).
    assert.match(open.data[0].openTime, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    assert.equal(open.data[0].openTime, open2.createdAt.toUTC().toFormat("yyyy-MM-dd'T'HH:mm"))
    assert.match(closed.data[0].closeTime, /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)
  })

  test('an open trade shows its P/L at the current price', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const { orders } = await customerWithOrders(1, 0)
    await db.from('instruments').where('name', 'EUR_USD').update({ bids: '1.0945', asks: '1.0947' })
    const row = (await api(client, 'get', '/admin/trades/api/open').loginAs(admin)).body().data[0]
    assert.equal(row.id, orders[0].id)
    // A buy's current rate is the ask (customer spec §4): 1000 × (1.0947 − 1.0845) = 10.2.
    assert.equal(row.proLoss, '10.2')
  })

  test('one customer’s trades with /all/:userId; an unknown user is a 404', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const a = await customerWithOrders(1, 2)
    await customerWithOrders(2, 1)
    const mine = (
      await api(client, 'get', `/admin/trades/api/all/${a.user.id}`).loginAs(admin)
    ).body()
    assert.deepEqual(
      mine.data.map((r: any) => r.id),
      a.orders.map((o) => o.id).reverse()
    )
    assert.equal(mine.meta.total, 3)
    ;(await api(client, 'get', '/admin/trades/api/all/2147483647').loginAs(admin)).assertStatus(404)
    ;(await api(client, 'get', '/admin/trades/api/all/0x10').loginAs(admin)).assertStatus(404)
  })

  test('pages by 15, 25 and 50; bad paging and sorting are refused with 422; search is ignored', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await customerWithOrders(3, 30)
    const expected = await expectedIds('all')
    const page2 = (
      await api(client, 'get', '/admin/trades/api/all?page=2&limit=15').loginAs(admin)
    ).body()
    assert.deepEqual(
      page2.data.map((r: any) => r.id),
      expected.slice(15, 30)
    )
    assert.deepEqual(page2.meta, { total: 33, perPage: 15, currentPage: 2, lastPage: 3 })
    const page1of25 = (
      await api(client, 'get', '/admin/trades/api/closed?limit=25').loginAs(admin)
    ).body()
    assert.lengthOf(page1of25.data, 25)
    const past = (await api(client, 'get', '/admin/trades/api/all?page=9').loginAs(admin)).body()
    assert.deepEqual(past.data, [])
    assert.equal(past.meta.total, 33)
    const searched = (
      await api(client, 'get', '/admin/trades/api/all?search=nobody').loginAs(admin)
    ).body()
    assert.equal(searched.meta.total, 33)

    for (const query of [
      'page=0',
      'page=abc',
      'limit=20',
      'limit=-1',
      'page=1.5',
      'sort=user',
      'sort=id&order=asc',
    ]) {
      const response = await api(client, 'get', `/admin/trades/api/all?${query}`).loginAs(admin)
      response.assertStatus(422)
      assert.isNotEmpty(Object.keys(fieldErrors(response.body())), query)
    }
    ;(
      await api(client, 'get', '/admin/trades/api/all?sort=id&order=desc').loginAs(admin)
    ).assertStatus(200)
    // An unknown list type matches no route ('pending' is the pending orders' own list since issue 23).
    ;(await api(client, 'get', '/admin/trades/api/waiting').loginAs(admin)).assertStatus(404)
  })
})

test.group('Trades list query at scale (order_list_counts)', (group) => {
  isolate(group)
  withoutOrders(group)

  test('counts follow inserts, closes, deletes and removals, and every page matches the plain query across blocks', async ({
    assert,
  }) => {
    const { user } = await customerWithOrders(0, 0)
    // Orders spread over several blocks of ids, with gaps, a block of only deleted rows and one of only open rows.
    const base = 50 * ORDER_COUNT_BLOCK
    const ids = [
      ...Array.from({ length: 40 }, (_, i) => base + i * 3),
      ...Array.from({ length: 20 }, (_, i) => base + ORDER_COUNT_BLOCK * 2 + i),
      ...Array.from({ length: 35 }, (_, i) => base + ORDER_COUNT_BLOCK * 4 + 100 + i * 7),
    ]
    const now = DateTime.now().toSQL({ includeOffset: false })
    await db.table('orders').multiInsert(
      ids.map((id, i) => ({
        id,
        user_id: user.id,
        balance_id: user.activeBalanceId,
        instrument: 'EUR_USD',
        base_symbol: 'EUR',
        quote_symbol: 'USD',
        kind: 'forex',
        type: 'buy',
        trade_amount: '1000',
        open_rate: '1.0845',
        spread: '0',
        exchange_rate: '1',
        margin_used: '0',
        leverage: 100,
        close_time:
          i % 3 === 0 || (id >= base + ORDER_COUNT_BLOCK * 2 && id < base + ORDER_COUNT_BLOCK * 3)
            ? null
            : now,
        close_rate: i % 3 === 0 ? null : '1.0845',
        created_at: now,
      }))
    )
    // Transitions the triggers must follow: closes, a whole block deleted, rows removed outright.
    await db
      .from('orders')
      .whereIn(
        'id',
        ids.slice(0, 9).filter((_, i) => i % 3 === 0)
      )
      .update({ close_time: now, close_rate: '1.09' })
    await db.from('orders').whereIn('id', ids.slice(40, 60)).update({ deleted_at: now })
    await db.from('orders').whereIn('id', ids.slice(60, 63)).delete()
    await db.from('orders').where('id', ids[40]).update({ close_time: now }) // a deleted row closing changes nothing

    for (const type of ['all', 'open', 'closed'] as const) {
      const expected = await expectedIds(type)
      for (const limit of [15, 25, 50]) {
        for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
          const { data, meta } = await staffTradePage({ type }, { page, limit })
          assert.equal(meta.total, expected.length, `${type} total`)
          assert.deepEqual(
            data.map((t) => t.id),
            expected.slice((page - 1) * limit, page * limit),
            `${type} page ${page} of ${limit}`
          )
        }
      }
    }
  })
})
