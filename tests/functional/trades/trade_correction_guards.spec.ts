import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import Order from '#models/order'
import { postEntry } from '#services/ledger_service'
import priceBook from '#services/market/price_book'
import { stopOutAccount } from '#actions/orders/stop_out_account'
import { money } from '#domain/money'
import { FORCE_NEEDED_MESSAGE, NO_QUOTE_MESSAGE } from '#domain/trade_corrections'
import { EXACT_DIGITS_MESSAGE as DIGITS_MESSAGE } from '#validators/rules'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets } from '#tests/helpers/market'
import { balanceMatchesLedger } from '#tests/helpers/users'
import PricingPlan from '#models/pricing_plan'
import { UserFactory } from '#database/factories/user_factory'
import {
  closeAsCustomer,
  orderEntries,
  placeTrade,
  recorded,
  walletState,
} from '#tests/helpers/trades'
import { auditCount, auditRows, onlyAuditRow } from '#tests/helpers/audit'

/*
| Issue 21 item 2: staff corrections of trades are bounded. A customer on the
| Silver plan (forex leverage 200) buys 10,000 EUR_USD at the ask 1.08662
| (spread cost 1.2, margin 54.34), as in staff_trade_actions.spec.ts.
*/

const OPEN_QUOTE = { bid: '1.08650', ask: '1.08662' }
const NOT_COVERED = "The customer's free margin cannot cover this correction"

/** A customer on the Silver plan (forex leverage 200) whose active real wallet holds 25,000.00, and an admin. */
async function setup() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  const customer = await UserFactory.apply('funded').merge({ pricingTableId: silver.id }).create()
  const admin = await UserFactory.apply('admin').create()
  return { customer, admin, walletId: customer.activeBalanceId! }
}

function trading(group: Parameters<typeof isolate>[0]) {
  isolate(group)
  openMarkets(group)
  group.each.setup(() => withSetting('kycTrade', 'off'))
}

const put = (client: any, id: number, body: Record<string, unknown>) =>
  api(client, 'put', `/admin/trades/${id}`, body)

test.group('PUT /admin/trades/:id: the market bound and the free margin', (group) => {
  trading(group)

  test('an open rate of 999999999.99999999 is refused for its digits; 999999999.999999 without force (far from the market) and with it (free margin); nothing is written', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const other = await placeTrade(client, customer, { ...OPEN_QUOTE, type: 'sell' })
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    const state = await walletState(walletId)
    const audits = await auditCount()

    // 17 digits: more than a rate column holds exactly, refused before any rule (issue 21 item 7).
    const tooPrecise = await put(client, order.id, { openRate: '999999999.99999999' }).loginAs(
      admin
    )
    tooPrecise.assertStatus(422)
    assert.equal(fieldErrors(tooPrecise.body()).openRate, DIGITS_MESSAGE)

    const plain = await put(client, order.id, { openRate: '999999999.999999' }).loginAs(admin)
    plain.assertStatus(422)
    const errors = fieldErrors(plain.body())
    assert.match(
      errors.openRate,
      /^Open rate is [\d.]+% away from the current quote \(1\.08662\); more than 20% must be confirmed$/
    )
    assert.equal(errors.force, FORCE_NEEDED_MESSAGE)

    const forced = await put(client, order.id, {
      openRate: '999999999.999999',
      force: true,
    }).loginAs(admin)
    forced.assertStatus(422)
    assert.equal(fieldErrors(forced.body()).openRate, NOT_COVERED)

    // A spread is a cost of the same kind: no market bound, but the same free-margin rule.
    const spread = await put(client, order.id, { spread: '999999999' }).loginAs(admin)
    spread.assertStatus(422)
    assert.equal(fieldErrors(spread.body()).spread, NOT_COVERED)

    // force must be a real boolean.
    const badForce = await put(client, order.id, { openRate: '1.0', force: 'yes' }).loginAs(admin)
    badForce.assertStatus(422)
    assert.equal(fieldErrors(badForce.body()).force, 'Force must be true or false')

    assert.deepEqual(await walletState(walletId), state)
    assert.equal(await auditCount(), audits)
    for (const o of [order, other]) {
      const stored = await Order.findOrFail(o.id)
      assert.isNull(stored.closeTime)
      assert.equal(stored.openRate, o.openRate)
      assert.equal(stored.spread, o.spread)
    }
  })

  test('an open trade’s correction that lowers its P/L must be carried by the free margin; one in the customer’s favour needs none', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    const wallet = await Balance.findOrFail(walletId)
    // Leave 15.00 free: an open rate 0.00200 higher costs 20.00 of open P/L.
    const free = money(wallet.balance).minus(wallet.margin).minus(wallet.onHold).minus('15.00')
    await db.transaction((trx) =>
      postEntry(trx, { balanceId: walletId, type: 'admin_adjustment', amount: free.negated() })
    )
    const state = await walletState(walletId)
    const refused = await put(client, order.id, { openRate: '1.08862' }).loginAs(admin)
    refused.assertStatus(422)
    assert.equal(fieldErrors(refused.body()).openRate, NOT_COVERED)
    assert.deepEqual(await walletState(walletId), state)
    assert.equal(money((await Order.findOrFail(order.id)).openRate).toFixed(), '1.08662')

    // 10.00 of open loss fits in 15.00 free; a lower open rate is in the customer's favour.
    ;(await put(client, order.id, { openRate: '1.08762' }).loginAs(admin)).assertStatus(200)
    ;(await put(client, order.id, { openRate: '1.08000' }).loginAs(admin)).assertStatus(200)
    assert.deepEqual(await walletState(walletId), state)
  })

  test('a rate more than 20 % from the current quote needs force; a forced correction is audited with its deviation', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    const state = await walletState(walletId)

    // (1.08662 − 0.80000) ÷ 1.08662 = 26.38 %
    const refused = await put(client, order.id, { openRate: '0.80000' }).loginAs(admin)
    refused.assertStatus(422)
    assert.deepEqual(fieldErrors(refused.body()), {
      openRate:
        'Open rate is 26.38% away from the current quote (1.08662); more than 20% must be confirmed',
      force: FORCE_NEEDED_MESSAGE,
    })
    ;(
      await put(client, order.id, { openRate: '0.80000', force: false }).loginAs(admin)
    ).assertStatus(422)
    // 19.6 % is within the bound.
    ;(await put(client, order.id, { openRate: '0.87400' }).loginAs(admin)).assertStatus(200)
    assert.equal(money((await Order.findOrFail(order.id)).openRate).toFixed(), '0.874')

    const forced = await put(client, order.id, { openRate: '0.80000', force: true }).loginAs(admin)
    forced.assertStatus(200)
    assert.equal(money((await Order.findOrFail(order.id)).openRate).toFixed(), '0.8')
    assert.deepEqual(await walletState(walletId), state)
    const [last] = await auditRows({ action: 'order.update', targetId: order.id })
    const changes = JSON.parse(last.changes)
    assert.deepEqual(changes.force, { before: null, after: true })
    assert.deepEqual(changes.deviation, { before: null, after: { openRate: '26.38' } })
    assert.deepEqual(changes.openRate, { before: '0.874', after: '0.8' })

    // The bound is configurable (TRADE_CORRECTION_MAX_DEVIATION_PERCENT).
    process.env.TRADE_CORRECTION_MAX_DEVIATION_PERCENT = '40'
    try {
      ;(await put(client, order.id, { openRate: '0.70000' }).loginAs(admin)).assertStatus(200)
    } finally {
      delete process.env.TRADE_CORRECTION_MAX_DEVIATION_PERCENT
    }
  })

  test('a closed trade’s close rate far from the market needs force; the correction entry names the staff member and the audit row', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const order = await closeAsCustomer(
      client,
      customer,
      await placeTrade(client, customer, OPEN_QUOTE),
      '1.08750',
      '1.08762'
    )
    const state = await walletState(walletId)
    // Quote now 1.08762 (a buy's current rate is the ask): 1.40000 is 28.72 % above it.
    const refused = await put(client, order.id, { closeRate: '1.40000' }).loginAs(admin)
    refused.assertStatus(422)
    assert.equal(
      fieldErrors(refused.body()).closeRate,
      'Close rate is 28.72% away from the current quote (1.08762); more than 20% must be confirmed'
    )
    assert.deepEqual(await walletState(walletId), state)

    const forced = await put(client, order.id, { closeRate: '1.40000', force: true }).loginAs(admin)
    forced.assertStatus(200)
    // 10,000 × (1.40000 − 1.08662) − 1.2 = 3,132.60; booked 8.80: +3,123.80
    assert.equal(forced.body().correction, '3123.8')
    const audit = await onlyAuditRow('order.update', order.id)
    assert.deepEqual(audit.changes.force, { before: null, after: true })
    assert.deepEqual(audit.changes.deviation, { before: null, after: { closeRate: '28.72' } })
    const entries = await orderEntries(order.id)
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2), e.createdById, e.auditLogId]),
      [
        ['realized_pnl', '8.80', null, null],
        ['trade_correction', '3123.80', admin.id, audit.id],
      ]
    )
    assert.isTrue(await balanceMatchesLedger(walletId))
  })

  test('without any quote to compare with, a changed rate needs force', async ({
    client,
    assert,
  }) => {
    const { customer, admin } = await setup()
    const order = await placeTrade(client, customer, OPEN_QUOTE)
    priceBook.forget('EUR_USD')
    await db.from('instruments').where('name', 'EUR_USD').update({ bids: null, asks: null })
    const refused = await put(client, order.id, { openRate: '1.08600' }).loginAs(admin)
    refused.assertStatus(422)
    assert.deepEqual(fieldErrors(refused.body()), {
      openRate: NO_QUOTE_MESSAGE,
      force: FORCE_NEEDED_MESSAGE,
    })
    // Other fields need no quote.
    ;(await put(client, order.id, { loss: '1.08000' }).loginAs(admin)).assertStatus(200)
    ;(
      await put(client, order.id, { openRate: '1.08600', force: true }).loginAs(admin)
    ).assertStatus(200)
    const [last] = await auditRows({ action: 'order.update', targetId: order.id })
    assert.deepEqual(JSON.parse(last.changes).deviation, {
      before: null,
      after: { openRate: null },
    })
  })
})

test.group('PUT /admin/trades/:id: a stop-out the correction causes', (group) => {
  trading(group)

  test('is done in the correction’s transaction, each entry naming the staff member and the audit row; the risk engine finds nothing left to do', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    // A plan whose forex stop-out (150 %) sits above what the free-margin rule keeps (100 %).
    await db
      .from('pricing_plans')
      .where('id', customer.pricingTableId!)
      .update({ forex_stopout: '150' })
    const start = await walletState(walletId)
    assert.equal(start.margin, '0.00')
    await db.transaction((trx) =>
      postEntry(trx, {
        balanceId: walletId,
        type: 'admin_adjustment',
        amount: money('100.00').minus(start.balance),
      })
    )
    const order = await placeTrade(client, customer, OPEN_QUOTE)

    // Open rate 1.08850: P/L 10,000 × (1.08662 − 1.08850) − 1.2 = −20.00; free 100 − 54.34 − 20 ≥ 0,
    // but equity 80.00 is 147 % of the margin 54.34: at or below 150 %.
    const { result: response, events } = await recorded(() =>
      put(client, order.id, { openRate: '1.08850' }).loginAs(admin)
    )
    response.assertStatus(200)
    assert.deepEqual(response.body().stoppedOut, [order.id])
    const closed = await Order.findOrFail(order.id)
    assert.equal(closed.closeReason, 'stop_out')
    assert.equal(money(closed.openRate).toFixed(), '1.0885')
    assert.equal(money(closed.closeRate!).toFixed(), '1.08662')
    assert.equal(money(closed.proLoss!).toFixed(2), '-20.00')
    assert.deepEqual(
      events.map((e) => [e.name, e.args[0]]),
      [['closed', order.id]]
    )

    const audit = await onlyAuditRow('order.update', order.id)
    assert.equal(audit.staff_id, admin.id)
    assert.deepEqual(audit.changes.stoppedOut, { before: null, after: [order.id] })
    const entries = await orderEntries(order.id)
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2), e.createdById, e.auditLogId]),
      [['realized_pnl', '-20.00', admin.id, audit.id]]
    )
    const wallet = await walletState(walletId)
    assert.equal(wallet.balance, '80.00')
    assert.equal(wallet.margin, '0.00')
    assert.isTrue(await balanceMatchesLedger(walletId))

    // The risk engine's own pass afterwards closes nothing again.
    assert.deepEqual(await stopOutAccount(walletId), [])
    assert.lengthOf(await orderEntries(order.id), 1)
  })
})
