import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { walletsOf } from '#tests/helpers/users'
import { openPosition } from '#tests/helpers/positions'
import { closedOrder } from '#tests/helpers/closed_orders'
import { UserFactory } from '#database/factories/user_factory'

const STATEMENT_HEADER =
  'Ticket,Open Time,Close Time,Type,Instrument,Units,Open Rate,Close Rate,Swap,Profit/Loss,Status,Close Reason,Bid,Ask,Quote Time,Feed,Equity,Margin,Margin Level,Execution Evidence'

const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}`

/**
 * A customer's statement: 17 closed orders on the active wallet, one
 * a day from 2025-01-01 to 2025-01-17 at 15:05 UTC (odd days a profit, even
 * days a loss), plus rows that must never show: two open positions, a closed
 * order on the customer's other wallet and two of another customer's.
 * Returns the listed ids newest close first.
 */
async function seedStatement() {
  const customer = await UserFactory.create()
  const ids: number[] = []
  for (let n = 1; n <= 17; n++) {
    const order = await closedOrder(customer, {
      closedAt: `${day(n)}T15:05:00Z`,
      proLoss: n % 2 ? '12.5' : '-3.25',
      type: n % 2 ? 'buy' : 'sell',
    })
    ids.unshift(order.id)
  }
  await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '1000' })
  await openPosition(customer, { instrument: 'EUR_USD', type: 'sell', amount: '2000' })
  const otherWallet = (await walletsOf(customer)).find((w) => w.id !== customer.activeBalanceId)!
  const otherWalletOrder = await closedOrder(customer, {
    closedAt: `${day(10)}T12:00:00Z`,
    balanceId: otherWallet.id,
  })
  const other = await UserFactory.create()
  const foreign = [
    await closedOrder(other, { closedAt: `${day(5)}T12:00:00Z` }),
    await closedOrder(other, { closedAt: `${day(20)}T12:00:00Z` }),
  ]
  return { customer, ids, otherWallet, otherWalletOrder, other, foreign }
}

const history = (client: ApiClient, customer: User, query: string) =>
  api(client, 'get', `/statements/history${query}`).loginAs(customer)

test.group('Statements page (GET /statements)', (group) => {
  isolate(group)

  test('renders the first page of the active wallet’s closed trades', async ({
    client,
    assert,
  }) => {
    const { customer, ids } = await seedStatement()
    const response = await client.get('/statements').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/statements')
    const props = response.inertiaProps as any
    assert.deepEqual(props.filter, { dateStart: '', dateEnd: '' })
    assert.deepEqual(props.filterErrors, {})
    assert.deepEqual(props.statements.meta, { total: 17, perPage: 15, currentPage: 1, lastPage: 2 })
    assert.deepEqual(
      props.statements.data.map((r: any) => r.ticket),
      ids.slice(0, 15)
    )
    // The newest close: 2025-01-17, an odd day, so a buy at a profit.
    assert.deepEqual(props.statements.data[0], {
      ticket: ids[0],
      openTime: '2025-01-17 2:05 PM',
      closeTime: '2025-01-17 3:05 PM',
      type: 'buy',
      instrument: 'EUR/USD',
      units: '1000',
      // Forex rates keep the instrument's five digits.
      openRate: '1.08450',
      closeRate: '1.08550',
      profitLoss: '12.50000',
      // Issue 24: the swaps it paid (none) and what the close's evidence sentence needs (none stored).
      swap: '0.00',
      status: 'CLOSED',
      // A whole close, not the closed part of a partial close (issue 23 item 3).
      parentOrderId: null,
      digits: 5,
      closeReason: 'manual',
      closeEvidence: null,
    })
    assert.include(props.statements.data[1], {
      type: 'sell',
      profitLoss: '-3.25000',
      status: 'CLOSED',
    })
  })

  test('echoes the range in the address and lists only its rows', async ({ client, assert }) => {
    const { customer, ids } = await seedStatement()
    const response = await client
      .get(`/statements?dateStart=${day(3)}&dateEnd=${day(5)}`)
      .loginAs(customer)
      .withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.deepEqual(props.filter, { dateStart: day(3), dateEnd: day(5) })
    assert.deepEqual(props.statements.meta, { total: 3, perPage: 15, currentPage: 1, lastPage: 1 })
    // ids is newest first: day 5 is index 12, day 3 is index 14.
    assert.deepEqual(
      props.statements.data.map((r: any) => r.ticket),
      ids.slice(12, 15)
    )
  })

  test('a bad range in the address shows its message and the whole statement', async ({
    client,
    assert,
  }) => {
    const { customer } = await seedStatement()
    const response = await client
      .get(`/statements?dateStart=${day(5)}&dateEnd=${day(3)}`)
      .loginAs(customer)
      .withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.deepEqual(props.filterErrors, { dateEnd: 'End date must be on or after the start date' })
    assert.deepEqual(props.filter, { dateStart: '', dateEnd: '' })
    assert.equal(props.statements.meta.total, 17)
  })

  test('a customer with no closed trades gets an empty first page', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const response = await client.get('/statements').loginAs(newcomer).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as any
    assert.deepEqual(props.statements, {
      data: [],
      meta: { total: 0, perPage: 15, currentPage: 1, lastPage: 1 },
    })
  })

  test('staff are refused the page (customers only)', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/statements').loginAs(admin).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('errors/forbidden')
  })
})

test.group('GET /statements/history', (group) => {
  isolate(group)

  test('pages of 15, newest close first, with meta', async ({ client, assert }) => {
    const { customer, ids } = await seedStatement()
    const first = await history(client, customer, '')
    first.assertStatus(200)
    assert.deepEqual(first.body().meta, { total: 17, perPage: 15, currentPage: 1, lastPage: 2 })
    assert.deepEqual(
      first.body().data.map((r: any) => r.ticket),
      ids.slice(0, 15)
    )

    const second = await history(client, customer, '?page=2&limit=15')
    assert.deepEqual(second.body().meta, { total: 17, perPage: 15, currentPage: 2, lastPage: 2 })
    assert.deepEqual(
      second.body().data.map((r: any) => r.ticket),
      ids.slice(15)
    )
  })

  test('honours limit; pages = ceiling of total ÷ limit; a page past the end is empty', async ({
    client,
    assert,
  }) => {
    const { customer, ids } = await seedStatement()
    const fourth = await history(client, customer, '?page=4&limit=5')
    assert.deepEqual(fourth.body().meta, { total: 17, perPage: 5, currentPage: 4, lastPage: 4 })
    assert.deepEqual(
      fourth.body().data.map((r: any) => r.ticket),
      ids.slice(15, 17)
    )

    const past = await history(client, customer, '?page=9&limit=5')
    past.assertStatus(200)
    assert.deepEqual(past.body().data, [])
    assert.equal(past.body().meta.total, 17)

    const all = await history(client, customer, '?limit=100')
    assert.deepEqual(
      all.body().data.map((r: any) => r.ticket),
      ids
    )
  })

  test('never lists open positions, other wallets or other users’ trades', async ({
    client,
    assert,
  }) => {
    const { customer, ids, otherWalletOrder, other, foreign } = await seedStatement()
    const all = await history(client, customer, '?limit=100')
    const tickets: number[] = all.body().data.map((r: any) => r.ticket)
    assert.sameMembers(tickets, ids)
    assert.notInclude(tickets, otherWalletOrder.id)
    for (const f of foreign) assert.notInclude(tickets, f.id)
    assert.isTrue(all.body().data.every((r: any) => r.status === 'CLOSED'))

    // The other customer sees only their own two.
    const theirs = await history(client, other, '?limit=100')
    assert.sameMembers(
      theirs.body().data.map((r: any) => r.ticket),
      foreign.map((f) => f.id)
    )
  })

  test('follows the active wallet', async ({ client, assert }) => {
    const { customer, otherWallet, otherWalletOrder } = await seedStatement()
    await api(client, 'post', '/dashboard/switch-wallet', { balanceId: otherWallet.id })
      .loginAs(customer)
      .then((r) => r.assertStatus(200))
    await customer.refresh()
    const response = await history(client, customer, '')
    assert.deepEqual(
      response.body().data.map((r: any) => r.ticket),
      [otherWalletOrder.id]
    )
    assert.equal(response.body().meta.total, 1)
  })

  test('a user without an active wallet has an empty statement', async ({ client, assert }) => {
    const { customer } = await seedStatement()
    await db.from('users').where('id', customer.id).update({ active_balance_id: null })
    await customer.refresh()
    const response = await history(client, customer, '')
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      data: [],
      meta: { total: 0, perPage: 15, currentPage: 1, lastPage: 1 },
    })
  })

  test('filters on close day, whole UTC days, both ends inclusive', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const at = async (closedAt: string) => (await closedOrder(customer, { closedAt })).id
    const beforeStart = await at('2025-01-31T23:59:59Z')
    const firstInstant = await at('2025-02-01T00:00:00Z')
    const midDay = await at('2025-02-01T12:00:00Z')
    const lastSecond = await at('2025-02-01T23:59:59Z')
    const afterEnd = await at('2025-02-02T00:00:00Z')
    // The close action stores fractions of a second: the last half second still counts.
    const lastHalfSecond = await at('2025-02-01T20:00:00Z')
    await db
      .from('orders')
      .where('id', lastHalfSecond)
      .update({
        close_time: DateTime.fromISO('2025-02-01T23:59:59.500Z').toSQL({ includeOffset: false }),
      })

    const oneDay = await history(client, customer, '?dateStart=2025-02-01&dateEnd=2025-02-01')
    oneDay.assertStatus(200)
    assert.deepEqual(
      oneDay.body().data.map((r: any) => r.ticket),
      [lastHalfSecond, lastSecond, midDay, firstInstant]
    )

    const fromOnly = await history(client, customer, '?dateStart=2025-02-02')
    assert.deepEqual(
      fromOnly.body().data.map((r: any) => r.ticket),
      [afterEnd]
    )

    const untilOnly = await history(client, customer, '?dateEnd=2025-01-31')
    assert.deepEqual(
      untilOnly.body().data.map((r: any) => r.ticket),
      [beforeStart]
    )

    const cleared = await history(client, customer, '?dateStart=&dateEnd=&page=1&limit=15')
    cleared.assertStatus(200)
    assert.equal(cleared.body().meta.total, 6)

    const farFuture = await history(client, customer, '?dateStart=2025-02-02&dateEnd=9999-12-31')
    assert.deepEqual(
      farFuture.body().data.map((r: any) => r.ticket),
      [afterEnd]
    )
  })

  test('bad input answers 422 with the message under the field', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const cases: [string, string, string][] = [
      ['?dateStart=2025-02-30', 'dateStart', 'Start date must be a valid date (YYYY-MM-DD)'],
      ['?dateStart=01/02/2025', 'dateStart', 'Start date must be a valid date (YYYY-MM-DD)'],
      ['?dateEnd=yesterday', 'dateEnd', 'End date must be a valid date (YYYY-MM-DD)'],
      [
        '?dateStart=2025-02-10&dateEnd=2025-02-09',
        'dateEnd',
        'End date must be on or after the start date',
      ],
      ['?page=0', 'page', 'Page must be a whole number of at least 1'],
      ['?page=-1', 'page', 'Page must be a whole number of at least 1'],
      ['?page=1.5', 'page', 'Page must be a whole number of at least 1'],
      ['?page=abc', 'page', 'Page must be a whole number of at least 1'],
      ['?page=1e308', 'page', 'Page must be at most 1000000'],
      ['?limit=0', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['?limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['?limit=ten', 'limit', 'Limit must be a whole number from 1 to 100'],
      ['?page[]=1&page[]=2', 'page', 'Page must be a whole number of at least 1'],
      ['?dateStart[x]=2025-01-01', 'dateStart', 'Start date must be a valid date (YYYY-MM-DD)'],
    ]
    for (const [query, field, message] of cases) {
      const response = await history(client, customer, query)
      assert.equal(response.status(), 422, `${query} → ${response.status()} ${response.text()}`)
      assert.equal(fieldErrors(response.body())[field], message, query)
    }
  })

  test('odd query values never reach a 500', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const odd = [
      '%00',
      '99999999999999999999',
      '-1',
      '0',
      '1.5',
      '%F0%9F%98%80',
      'x'.repeat(2000),
      "'%20OR%201=1",
      '0000-00-00',
      '275760-09-13',
      '9999-12-31',
      '0001-01-01',
    ]
    for (const value of odd) {
      for (const name of ['page', 'limit', 'dateStart', 'dateEnd']) {
        for (const path of ['/statements/history', '/statements/export']) {
          const response = await api(client, 'get', `${path}?${name}=${value}`).loginAs(customer)
          assert.isBelow(
            response.status(),
            500,
            `${path}?${name}=${value.slice(0, 40)} → ${response.status()} ${response.text().slice(0, 200)}`
          )
        }
        const page = await client
          .get(`/statements?${name}=${value}`)
          .loginAs(customer)
          .withInertia()
        assert.equal(
          page.status(),
          value === '%00' ? 422 : 200,
          `/statements?${name}=${value.slice(0, 40)}`
        )
      }
    }
  })

  test('visitors get 401 and staff 403', async ({ client }) => {
    ;(await api(client, 'get', '/statements/history')).assertStatus(401)
    const manager = await UserFactory.apply('manager').create()
    ;(await api(client, 'get', '/statements/history').loginAs(manager)).assertStatus(403)
    ;(await api(client, 'get', '/statements/export').loginAs(manager)).assertStatus(403)
  })
})

test.group('GET /statements/export', (group) => {
  isolate(group)

  test('downloads every row of the range as CSV, not paged', async ({ client, assert }) => {
    const { customer, ids } = await seedStatement()
    const response = await client.get('/statements/export').loginAs(customer)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv; charset=utf-8/)
    assert.equal(
      response.header('content-disposition'),
      'attachment; filename="statements_all.csv"'
    )
    assert.equal(response.header('cache-control'), 'no-store')

    const text = response.text()
    assert.isTrue(text.endsWith('\r\n'))
    const lines = text.split('\r\n').slice(0, -1)
    // Issue 24: the swap before the (net) P/L; the close's reason and evidence after the status.
    assert.equal(lines[0], STATEMENT_HEADER)
    assert.lengthOf(lines, 1 + 17)
    assert.equal(
      lines[1],
      `${ids[0]},2025-01-17 2:05 PM,2025-01-17 3:05 PM,buy,EUR/USD,1000,1.08450,1.08550,0.00,12.50000,CLOSED,manual,,,,,,,,`
    )
    // A loss stays a plain negative number: no formula guard on numbers.
    assert.equal(
      lines[2],
      `${ids[1]},2025-01-16 2:05 PM,2025-01-16 3:05 PM,sell,EUR/USD,1000,1.08450,1.08550,0.00,-3.25000,CLOSED,manual,,,,,,,,`
    )
    assert.deepEqual(
      lines.slice(1).map((l) => Number(l.split(',')[0])),
      ids
    )
  })

  test('carries the range in the file name and the rows', async ({ client, assert }) => {
    const { customer, ids } = await seedStatement()
    const response = await client
      .get(`/statements/export?dateStart=${day(3)}&dateEnd=${day(5)}`)
      .loginAs(customer)
    response.assertStatus(200)
    assert.equal(
      response.header('content-disposition'),
      'attachment; filename="statements_2025-01-03_2025-01-05.csv"'
    )
    const lines = response.text().split('\r\n').slice(1, -1)
    assert.deepEqual(
      lines.map((l) => Number(l.split(',')[0])),
      ids.slice(12, 15)
    )

    const from = await client.get(`/statements/export?dateStart=${day(16)}`).loginAs(customer)
    assert.equal(
      from.header('content-disposition'),
      'attachment; filename="statements_from_2025-01-16.csv"'
    )
    assert.lengthOf(from.text().split('\r\n').slice(1, -1), 2)
    const until = await client
      .get(`/statements/export?dateEnd=${day(1)}&dateStart=`)
      .loginAs(customer)
    assert.equal(
      until.header('content-disposition'),
      'attachment; filename="statements_until_2025-01-01.csv"'
    )
    assert.lengthOf(until.text().split('\r\n').slice(1, -1), 1)
  })

  test('an empty range is a header row only', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await client.get('/statements/export?dateStart=2030-01-01').loginAs(customer)
    response.assertStatus(200)
    assert.equal(response.text(), `${STATEMENT_HEADER}\r\n`)
  })

  test('quotes fields that need it and neutralizes formulas', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const order = await closedOrder(customer, {
      closedAt: '2025-03-01T09:30:00Z',
      base: '=SUM(A1,"x")',
      quote: '@USD',
      proLoss: '-0.000004',
    })
    const response = await client
      .get('/statements/export?dateStart=2025-03-01&dateEnd=2025-03-01')
      .loginAs(customer)
    const lines = response.text().split('\r\n')
    // A loss that rounds to nothing is written without a minus sign.
    assert.equal(
      lines[1],
      `${order.id},2025-03-01 8:30 AM,2025-03-01 9:30 AM,buy,"'=SUM(A1,""x"")/@USD",1000,1.08450,1.08550,0.00,0.00000,CLOSED,manual,,,,,,,,`
    )
  })

  test('a bad range answers 422 to a JSON caller and never a 500 to a link', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const json = await api(
      client,
      'get',
      '/statements/export?dateStart=2025-02-10&dateEnd=2025-02-01'
    ).loginAs(customer)
    json.assertStatus(422)
    assert.equal(fieldErrors(json.body()).dateEnd, 'End date must be on or after the start date')
    const link = await client
      .get('/statements/export?dateStart=nope')
      .loginAs(customer)
      .redirects(0)
    assert.isBelow(link.status(), 500)
    assert.notEqual(link.status(), 200)
  })
})
