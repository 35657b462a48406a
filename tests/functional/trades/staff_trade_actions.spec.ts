import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import Notification from '#models/notification'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import Profile from '#models/profile'
import type User from '#models/user'
import { money } from '#domain/money'
import { userChannel } from '#domain/channels'
import type { RoleId } from '#domain/roles'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote, WEEKEND } from '#tests/helpers/market'
import marketClock from '#services/market/market_clock'
import { balanceMatchesLedger, userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import {
  closeAsCustomer,
  holdAllBut,
  orderEntries,
  placeTrade,
  recorded,
  walletState,
} from '#tests/helpers/trades'
import { auditCount, auditRows, onlyAuditRow } from '#tests/helpers/audit'

/*
| Staff close, edit and delete of trades (admin spec §2 Trades list and Order
| edit dialog, §4, §7; issue 11 item 3). Orders are placed and closed through
| the customer's own calls, so every figure is one the engine produced:
| a customer on the Silver plan (forex leverage 200) buys 10,000 EUR_USD at
| the ask 1.08662 (spread cost 1.2, margin 54.34).
*/

const OPEN_QUOTE = { bid: '1.08650', ask: '1.08662' }
// A buy's current rate is the ask: 10,000 × (1.08762 − 1.08662) − 1.2 = 8.80.
const UP_QUOTE = { bid: '1.08750', ask: '1.08762' }

/** A customer on the Silver plan (forex leverage 200) whose active real wallet holds 25,000.00, and an admin. */
async function setup() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  const customer = await UserFactory.apply('funded').merge({ pricingTableId: silver.id }).create()
  const admin = await UserFactory.apply('admin').create()
  return { customer, admin, walletId: customer.activeBalanceId! }
}

/** The customer's manager (profiles.manager_id), as the seeded manager is the seeded customer's. */
async function managerOf(customer: User) {
  const manager = await UserFactory.apply('manager').create()
  await Profile.query().where('user_id', customer.id).update({ manager_id: manager.id })
  return manager
}

function trading(group: Parameters<typeof isolate>[0]) {
  isolate(group)
  openMarkets(group)
  group.each.setup(() => withSetting('kycTrade', 'off'))
}

const hourAgo = () => DateTime.utc().minus({ hours: 1 }).startOf('minute')
const minuteText = (t: DateTime) => t.toUTC().toFormat("yyyy-MM-dd'T'HH:mm")

test.group('POST /admin/trades/close', (group) => {
  trading(group)

  test('closes at the current market price through the one close path: P/L realized once, margin released, customer notified', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const before = await walletState(walletId)
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    quote('EUR_USD', UP_QUOTE.bid, UP_QUOTE.ask)

    const {
      result: response,
      sent,
      events,
    } = await recorded(() =>
      api(client, 'post', '/admin/trades/close', {
        orderId: order.id,
        instrument: 'EUR_USD',
      }).loginAs(admin)
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Order closed successfully')

    const closed = await Order.findOrFail(order.id)
    assert.isNotNull(closed.closeTime)
    assert.equal(closed.closeReason, 'admin')
    assert.equal(money(closed.closeRate!).toFixed(), '1.08762')
    assert.equal(money(closed.proLoss!).toFixed(2), '8.80')
    const entries = await orderEntries(order.id)
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2), e.createdById]),
      [['realized_pnl', '8.80', admin.id]]
    )
    const after = await walletState(walletId)
    assert.equal(after.balance, money(before.balance).plus('8.80').toFixed(2))
    assert.equal(after.margin, before.margin)
    assert.isTrue(await balanceMatchesLedger(walletId))

    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Position closed by the broker')
    assert.equal(note.description, `Position #${order.id} EUR_USD closed at 1.08762 (P/L 8.8).`)
    // The customer's open pages: the notification and an account change on their channel; the risk engine forgets the position.
    const channel = sent
      .filter((s) => s.channel === userChannel(customer.id))
      .map((s) => s.payload.event)
    assert.includeMembers(channel, ['notification', 'account'])
    assert.deepEqual(
      events.map((e) => e.name),
      ['closed']
    )

    // The audit row, written in the close's transaction.
    const audit = await onlyAuditRow('order.close', order.id)
    assert.equal(audit.staff_id, admin.id)
    assert.equal(audit.target_type, 'order')
    assert.deepEqual(audit.changes.status, { before: 'open', after: 'closed' })
    assert.deepEqual(audit.changes.proLoss, { before: null, after: '8.8' })
  })

  test('managers close too; a second close is refused with 409 and realizes nothing again', async ({
    client,
    assert,
  }) => {
    const { customer, walletId } = await setup()
    const manager = await managerOf(customer)
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    quote('EUR_USD', UP_QUOTE.bid, UP_QUOTE.ask)
    ;(
      await api(client, 'post', '/admin/trades/close', { orderId: order.id }).loginAs(manager)
    ).assertStatus(200)
    const state = await walletState(walletId)
    const again = await api(client, 'post', '/admin/trades/close', { orderId: order.id }).loginAs(
      manager
    )
    again.assertStatus(409)
    assert.equal(again.body().message, 'This position is already closed')
    assert.deepEqual(await walletState(walletId), state)
    assert.lengthOf(await orderEntries(order.id), 1)
  })

  test('refusals write nothing: unknown, deleted, bad ids, a closed market; other roles get 403', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    const state = await walletState(walletId)
    const audits = await auditCount()

    ;(
      await api(client, 'post', '/admin/trades/close', { orderId: 2147483647 }).loginAs(admin)
    ).assertStatus(404)
    for (const orderId of ['abc', '0x10', -1, 0, 1.5, null, [order.id], { id: order.id }]) {
      const response = await api(client, 'post', '/admin/trades/close', { orderId }).loginAs(admin)
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), 'orderId', JSON.stringify(orderId))
    }
    ;(await api(client, 'post', '/admin/trades/close', {}).loginAs(admin)).assertStatus(422)
    for (const roleId of [3, 4, 5, 6] as RoleId[]) {
      ;(
        await api(client, 'post', '/admin/trades/close', { orderId: order.id }).loginAs(
          await userOfRole(roleId)
        )
      ).assertStatus(403)
    }
    marketClock.pin(WEEKEND)
    const closedMarket = await api(client, 'post', '/admin/trades/close', {
      orderId: order.id,
    }).loginAs(admin)
    closedMarket.assertStatus(422)
    assert.equal(fieldErrors(closedMarket.body()).orderId, 'Market is closed')
    assert.deepEqual(await walletState(walletId), state)
    assert.isNull((await Order.findOrFail(order.id)).closeTime)
    assert.equal(await auditCount(), audits)

    ;(await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(admin)).assertStatus(200)
    const deleted = await api(client, 'post', '/admin/trades/close', { orderId: order.id }).loginAs(
      admin
    )
    deleted.assertStatus(409)
    assert.equal(deleted.body().message, 'This trade was deleted')
  })
})

test.group('PUT /admin/trades/:id (open orders)', (group) => {
  trading(group)

  test('open rate, spread, targets and open time change; nothing is realized; the risk engine re-reads it', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    const state = await walletState(walletId)
    const openTime = hourAgo()
    const {
      result: response,
      events,
      sent,
    } = await recorded(() =>
      api(client, 'put', `/admin/trades/${order.id}`, {
        openRate: '1.08500',
        spread: '1.5',
        profit: '1.09500',
        loss: 1.08, // a JSON number is read as its text, never as a float
        openTime: minuteText(openTime),
      }).loginAs(admin)
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Order updated successfully')
    assert.containsSubset(response.body().order, {
      id: order.id,
      openRate: '1.085',
      spread: '1.5',
      profit: '1.095',
      loss: '1.08',
      status: 'open',
    })
    assert.equal(response.body().order.openTime, minuteText(openTime))
    assert.isNull(response.body().correction)

    const stored = await Order.findOrFail(order.id)
    assert.equal(money(stored.openRate).toFixed(), '1.085')
    assert.equal(money(stored.spread).toFixed(), '1.5')
    assert.equal(+stored.createdAt, +openTime)
    assert.deepEqual(await walletState(walletId), state)
    assert.deepEqual(
      events.map((e) => e.name),
      ['changed']
    )
    assert.include(
      sent.filter((s) => s.channel === userChannel(customer.id)).map((s) => s.payload.event),
      'account'
    )
    const audit = await onlyAuditRow('order.update', order.id)
    assert.deepEqual(audit.changes.openRate, { before: '1.08662', after: '1.085' })
    assert.deepEqual(audit.changes.stopLoss, { before: null, after: '1.08' })
    assert.notProperty(audit.changes, 'closeRate')

    // A present empty target clears it, an absent one is left alone.
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, { profit: null }).loginAs(admin)
    ).assertStatus(200)
    const cleared = await Order.findOrFail(order.id)
    assert.isNull(cleared.profit)
    assert.equal(money(cleared.loss!).toFixed(), '1.08')
  })

  test('targets are held to the customer’s bounds against the open rate the order will have; the close rate cannot be set', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    const state = await walletState(walletId)
    const audits = await auditCount()
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const response = await api(client, 'put', `/admin/trades/${order.id}`, body).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }
    await refused(
      { profit: '1.08000' },
      'profit',
      'Take profit must be at or above the open rate (1.08662)'
    )
    await refused(
      { loss: '1.09000' },
      'loss',
      'Stop loss must be between 0 and the open rate (1.08662)'
    )
    await refused(
      { openRate: '1.07000', loss: '1.08000' },
      'loss',
      'Stop loss must be between 0 and the open rate (1.07)'
    )
    await refused({ closeRate: '1.09000' }, 'closeRate', "Can't edit open orders Close Rate")
    const unchanged = await Order.findOrFail(order.id)
    assert.equal(money(unchanged.openRate).toFixed(), '1.08662')
    assert.isNull(unchanged.loss)
    assert.deepEqual(await walletState(walletId), state)
    assert.equal(await auditCount(), audits)
  })
})

test.group('PUT /admin/trades/:id (closed orders)', (group) => {
  trading(group)

  test('new rates re-compute the P/L; each difference is a trade_correction entry naming the order and the staff member', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const start = await walletState(walletId)
    const order = await closeAsCustomer(
      client,
      customer,
      await placeTrade(client, customer, OPEN_QUOTE),
      UP_QUOTE.bid,
      UP_QUOTE.ask
    )
    assert.equal(money(order.proLoss!).toFixed(2), '8.80')

    // 10,000 × (1.08862 − 1.08662) − 1.2 = 18.80: +10.00
    const first = await api(client, 'put', `/admin/trades/${order.id}`, {
      closeRate: '1.08862',
    }).loginAs(admin)
    first.assertStatus(200)
    assert.equal(first.body().correction, '10')
    assert.equal(first.body().order.proLoss, '18.8')
    // Spread 0: 20.00, +1.20; then a close below the open: 10,000 × (1.08562 − 1.08662) = −10.00, −30.00
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, { spread: '0' }).loginAs(admin)
    ).assertStatus(200)
    const manager = await managerOf(customer)
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, { closeRate: '1.08562' }).loginAs(
        manager
      )
    ).assertStatus(200)

    const entries = await orderEntries(order.id)
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2), e.createdById]),
      [
        ['realized_pnl', '8.80', null],
        ['trade_correction', '10.00', admin.id],
        ['trade_correction', '1.20', admin.id],
        ['trade_correction', '-30.00', manager.id],
      ]
    )
    assert.equal(
      entries[1].description,
      `Position #${order.id} EUR_USD corrected by staff: P/L 8.80 → 18.80`
    )
    const audits = (await auditRows({ action: 'order.update', targetId: order.id })).reverse()
    assert.deepEqual(
      audits.map((a) => a.staff_id),
      [admin.id, admin.id, manager.id]
    )
    assert.deepEqual(JSON.parse(audits[0].changes), {
      closeRate: { before: '1.08762', after: '1.08862' },
      proLoss: { before: '8.80', after: '18.80' },
      correction: { before: null, after: '10' },
    })
    const stored = await Order.findOrFail(order.id)
    assert.equal(money(stored.proLoss!).toFixed(2), '-10.00')
    assert.equal(money(stored.closeRate!).toFixed(), '1.08562')
    assert.equal((await walletState(walletId)).balance, money(start.balance).minus('10').toFixed(2))
    assert.isTrue(await balanceMatchesLedger(walletId))

    // The customer is told, and the statement shows the corrected trade.
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Trade corrected')
    assert.equal(
      note.description,
      `Position #${order.id} EUR_USD was corrected by the broker: P/L 20.00 → -10.00.`
    )
    const statement = (await api(client, 'get', '/statements/history').loginAs(customer)).body()
    const row = statement.data.find((r: any) => r.ticket === order.id)
    assert.containsSubset(row, { closeRate: '1.08562', profitLoss: '-10.00000' })
  })

  test('open time moves within its close time; targets, bad values and a future time are refused; the same values change nothing', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const closed = await closeAsCustomer(
      client,
      customer,
      await placeTrade(client, customer, OPEN_QUOTE),
      UP_QUOTE.bid,
      UP_QUOTE.ask
    )
    // Opened three hours ago, closed two hours ago.
    const format = db.connection().dialect.dateTimeFormat
    await db
      .from('orders')
      .where('id', closed.id)
      .update({
        created_at: DateTime.now().minus({ hours: 3 }).startOf('minute').toFormat(format),
        close_time: DateTime.now().minus({ hours: 2 }).startOf('minute').toFormat(format),
      })
    const order = await Order.findOrFail(closed.id)
    const state = await walletState(walletId)
    const refused = async (body: Record<string, unknown>, field: string, message?: string) => {
      const response = await api(client, 'put', `/admin/trades/${order.id}`, body).loginAs(admin)
      assert.equal(response.status(), 422, JSON.stringify(body))
      const errors = fieldErrors(response.body())
      assert.property(errors, field, JSON.stringify(body))
      if (message) assert.equal(errors[field], message)
    }
    await refused(
      { profit: '1.2' },
      'profit',
      'Take profit and stop loss apply to open orders only'
    )
    await refused({ loss: '1.0' }, 'loss', 'Take profit and stop loss apply to open orders only')
    await refused(
      { openTime: minuteText(DateTime.utc().plus({ days: 1 })) },
      'openTime',
      'Open time cannot be in the future'
    )
    await refused(
      { openTime: minuteText(order.closeTime!.plus({ minutes: 2 })) },
      'openTime',
      'Open time cannot be after the close time'
    )
    // (An empty value is no value: the field is left alone.)
    for (const value of [
      'abc',
      '1e5',
      '-1',
      '0x10',
      '1.123456789',
      ' ',
      true,
      [1],
      { a: 1 },
      1e308,
    ]) {
      await refused({ closeRate: value }, 'closeRate')
      await refused({ openRate: value }, 'openRate')
      await refused({ spread: value }, 'spread')
    }
    await refused({ openRate: '0' }, 'openRate', 'Open rate must be greater than zero')
    await refused({ closeRate: '0.0' }, 'closeRate', 'Close rate must be greater than zero')
    for (const value of ['yesterday', '2025-13-40T10:00', '2025-03-07', '07/03/2025 10:00', 5])
      await refused({ openTime: value }, 'openTime')
    await refused({ openTime: '1999-12-31T23:59' }, 'openTime')
    assert.deepEqual(await walletState(walletId), state)

    // The dialog sends every field back; unchanged values are no correction.
    const same = await api(client, 'put', `/admin/trades/${order.id}`, {
      openRate: '1.08662000',
      closeRate: '1.08762',
      spread: '1.2',
      openTime: minuteText(order.createdAt),
    }).loginAs(admin)
    same.assertStatus(200)
    assert.isNull(same.body().correction)
    assert.deepEqual(await walletState(walletId), state)

    const earlier = order.createdAt.minus({ days: 2 }).startOf('minute')
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, {
        openTime: minuteText(earlier),
      }).loginAs(admin)
    ).assertStatus(200)
    assert.equal(+(await Order.findOrFail(order.id)).createdAt, +earlier)
    assert.deepEqual(await walletState(walletId), state)
  })

  test('a correction that takes money the customer’s free margin cannot carry is refused, nothing written', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await closeAsCustomer(
      client,
      customer,
      await placeTrade(client, customer, OPEN_QUOTE),
      UP_QUOTE.bid,
      UP_QUOTE.ask
    )
    await holdAllBut(walletId, '5.00')
    const state = await walletState(walletId)
    // 8.80 → −11.20 takes 20.00; only 5.00 is free.
    const response = await api(client, 'put', `/admin/trades/${order.id}`, {
      closeRate: '1.08562',
    }).loginAs(admin)
    response.assertStatus(422)
    assert.equal(
      fieldErrors(response.body()).closeRate,
      "The customer's free margin cannot cover this correction"
    )
    assert.deepEqual(await walletState(walletId), state)
    assert.equal(money((await Order.findOrFail(order.id)).closeRate!).toFixed(), '1.08762')
    // A correction in the customer's favour needs no free margin.
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, { closeRate: '1.08962' }).loginAs(admin)
    ).assertStatus(200)
    assert.isTrue(await balanceMatchesLedger(walletId))
  })

  test('unknown and deleted trades, bad ids and other roles are refused', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    ;(
      await api(client, 'put', '/admin/trades/2147483647', { spread: '1' }).loginAs(admin)
    ).assertStatus(404)
    for (const id of ['abc', '0x10', '0', '-1', '1.5']) {
      ;(
        await api(client, 'put', `/admin/trades/${id}`, { spread: '1' }).loginAs(admin)
      ).assertStatus(404)
    }
    for (const roleId of [3, 4, 5, 6] as RoleId[]) {
      ;(
        await api(client, 'put', `/admin/trades/${order.id}`, { spread: '1' }).loginAs(
          await userOfRole(roleId)
        )
      ).assertStatus(403)
    }
    ;(await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(admin)).assertStatus(200)
    const state = await walletState(walletId)
    const edit = await api(client, 'put', `/admin/trades/${order.id}`, { spread: '1' }).loginAs(
      admin
    )
    edit.assertStatus(409)
    assert.equal(edit.body().message, 'This trade was deleted')
    assert.deepEqual(await walletState(walletId), state)
  })
})

test.group('DELETE /admin/trades/:id', (group) => {
  trading(group)

  test('an open trade: its margin is released, nothing realized, the row kept and gone from every list', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const before = await walletState(walletId)
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    assert.equal(
      (await walletState(walletId)).margin,
      money(before.margin).plus('54.34').toFixed(2)
    )

    const { result: response, events } = await recorded(() =>
      api(client, 'delete', `/admin/trades/${order.id}`).loginAs(admin)
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Order deleted successfully')
    assert.equal(response.body().releasedMargin, '54.34')
    assert.deepEqual(
      events.map((e) => [e.name, e.args[0]]),
      [['closed', order.id]]
    )

    assert.deepEqual(await walletState(walletId), before)
    assert.lengthOf(await orderEntries(order.id), 0)
    const kept = await Order.findOrFail(order.id)
    assert.isNotNull(kept.deletedAt)
    assert.equal(kept.deletedBy, admin.id)
    assert.isNull(kept.closeTime)
    const audit = await onlyAuditRow('order.delete', order.id)
    assert.deepEqual(audit.changes.deleted, { before: false, after: true })
    assert.deepEqual(audit.changes.releasedMargin, { before: null, after: '54.34' })

    const positions = (await api(client, 'get', '/dashboard/orders').loginAs(customer)).body().data
    assert.notInclude(
      positions.map((p: any) => p.id),
      order.id
    )
    for (const type of ['all', 'open']) {
      const list = (
        await api(client, 'get', `/admin/trades/api/${type}?limit=50`).loginAs(admin)
      ).body().data
      assert.notInclude(
        list.map((r: any) => r.id),
        order.id
      )
    }
    const mine = (
      await api(client, 'get', `/admin/trades/api/all/${customer.id}?limit=50`).loginAs(admin)
    ).body().data
    assert.notInclude(
      mine.map((r: any) => r.id),
      order.id
    )
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(
      note.description,
      `Position #${order.id} EUR_USD was deleted by the broker; its margin is released.`
    )

    // Gone for the customer too: it can be neither closed nor given targets.
    ;(
      await api(client, 'post', '/dashboard/orders/close', { orderId: order.id }).loginAs(customer)
    ).assertStatus(404)
    ;(
      await api(client, 'put', `/dashboard/orders/${order.id}`, { loss: '1.08' }).loginAs(customer)
    ).assertStatus(404)
    assert.isTrue(await balanceMatchesLedger(walletId))
  })

  test('a closed trade: everything it moved is reversed through the ledger; statements and totals drop it', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const before = await walletState(walletId)
    const order = await closeAsCustomer(
      client,
      customer,
      await placeTrade(client, customer, OPEN_QUOTE),
      UP_QUOTE.bid,
      UP_QUOTE.ask
    )
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, { closeRate: '1.08862' }).loginAs(admin)
    ).assertStatus(200)
    const closedTotal = (await api(client, 'get', '/admin/trades/api/closed').loginAs(admin)).body()
      .meta.total

    const response = await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().reversed, '-18.8')
    const entries = await orderEntries(order.id)
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2), e.createdById]),
      [
        ['realized_pnl', '8.80', null],
        ['trade_correction', '10.00', admin.id],
        ['trade_reversal', '-18.80', admin.id],
      ]
    )
    assert.equal((await walletState(walletId)).balance, before.balance)
    assert.isTrue(await balanceMatchesLedger(walletId))

    const statement = (
      await api(client, 'get', '/statements/history?limit=50').loginAs(customer)
    ).body()
    assert.notInclude(
      statement.data.map((r: any) => r.ticket),
      order.id
    )
    const closed = (await api(client, 'get', '/admin/trades/api/closed').loginAs(admin)).body()
    assert.equal(closed.meta.total, closedTotal - 1)
    assert.notInclude(
      closed.data.map((r: any) => r.id),
      order.id
    )

    const again = await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(admin)
    again.assertStatus(409)
    assert.lengthOf(await orderEntries(order.id), 3)
  })

  test('reversing a profit the customer’s free margin cannot carry is refused; unknown ids, bad ids and other roles too', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await closeAsCustomer(
      client,
      customer,
      await placeTrade(client, customer, OPEN_QUOTE),
      UP_QUOTE.bid,
      UP_QUOTE.ask
    )
    await holdAllBut(walletId, '5.00')
    const state = await walletState(walletId)
    const response = await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(admin)
    response.assertStatus(422)
    assert.equal(
      response.body().message,
      "The customer's free margin cannot cover reversing this trade's profit"
    )
    assert.isNull((await Order.findOrFail(order.id)).deletedAt)
    assert.deepEqual(await walletState(walletId), state)
    assert.lengthOf(await auditRows({ action: 'order.delete', targetId: order.id }), 0)

    ;(await api(client, 'delete', '/admin/trades/2147483647').loginAs(admin)).assertStatus(404)
    ;(await api(client, 'delete', '/admin/trades/abc').loginAs(admin)).assertStatus(404)
    for (const roleId of [3, 4, 5, 6] as RoleId[]) {
      ;(
        await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(await userOfRole(roleId))
      ).assertStatus(403)
    }
    assert.deepEqual(await walletState(walletId), state)
    const wallet = await Balance.findOrFail(walletId)
    assert.isTrue(money(wallet.onHold).greaterThan(0))
  })
})
