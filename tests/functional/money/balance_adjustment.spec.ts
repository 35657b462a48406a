import { test } from '@japa/runner'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Notification from '#models/notification'
import PricingPlan from '#models/pricing_plan'
import Profile from '#models/profile'
import type User from '#models/user'
import { money } from '#domain/money'
import { userChannel } from '#domain/channels'
import type { RoleId } from '#domain/roles'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { balanceMatchesLedger, userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { holdAllBut, placeTrade, recorded, walletState } from '#tests/helpers/trades'
import { auditCount, auditRows, onlyAuditRow } from '#tests/helpers/audit'

/*
| PUT /admin/balance/{balanceId} (admin spec §2 Balance adjustment, §3, §7;
| issue 11 item 7). The customer's real wallet holds 25,000.00.
*/

/** A customer on the Silver plan (forex leverage 200) whose active real wallet holds 25,000.00, and an admin. */
async function setup() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  const customer = await UserFactory.apply('funded').merge({ pricingTableId: silver.id }).create()
  const admin = await UserFactory.apply('admin').create()
  return { customer, admin, walletId: customer.activeBalanceId! }
}

/** A manager who manages the customer: a manager adjusts only their own customers' wallets. */
async function managerOf(customer: User) {
  const manager = await UserFactory.apply('manager').create()
  await Profile.query().where('user_id', customer.id).update({ manager_id: manager.id })
  return manager
}

const adjust = (
  client: Parameters<typeof api>[0],
  balanceId: number | string,
  body: unknown,
  key?: string
) => {
  const request = api(client, 'put', `/admin/balance/${balanceId}`, body)
  return key === undefined ? request : request.header('Idempotency-Key', key)
}

test.group('Balance adjustment', (group) => {
  isolate(group)
  openMarkets(group)
  group.each.setup(() => withSetting('kycTrade', 'off'))

  test('add: one admin_adjustment entry naming the staff member with the comment; the customer is notified', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const before = await walletState(walletId)
    const { result: response, sent } = await recorded(() =>
      adjust(client, walletId, {
        amount: '150.25',
        type: 'add',
        comment: '  Goodwill for the outage  ',
      }).loginAs(admin)
    )
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      message: 'Balance updated successfully',
      balance: {
        id: walletId,
        mode: 'real',
        currency: 'USD',
        balance: money(before.balance).plus('150.25').toFixed(2),
      },
      entryId: response.body().entryId,
    })
    const entry = await LedgerEntry.findOrFail(response.body().entryId)
    assert.equal(entry.type, 'admin_adjustment')
    assert.equal(money(entry.amount).toFixed(2), '150.25')
    assert.equal(entry.createdById, admin.id)
    assert.equal(entry.comment, 'Goodwill for the outage')
    assert.equal(entry.description, 'Balance adjustment by staff (credit)')
    assert.isTrue(await balanceMatchesLedger(walletId))
    const audit = await onlyAuditRow('balance.adjust', walletId)
    assert.equal(audit.staff_id, admin.id)
    assert.deepEqual(audit.changes, {
      balance: { before: before.balance, after: money(before.balance).plus('150.25').toFixed(2) },
      adjustment: { before: null, after: '150.25' },
      comment: { before: null, after: 'Goodwill for the outage' },
    })

    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Balance adjusted')
    assert.equal(note.description, 'Your balance was credited 150.25 USD.')
    assert.includeMembers(
      sent.filter((s) => s.channel === userChannel(customer.id)).map((s) => s.payload.event),
      ['notification', 'account']
    )
  })

  test('subtract within the free margin; managers may too; JSON numbers are read as text', async ({
    client,
    assert,
  }) => {
    const { customer, walletId } = await setup()
    const manager = await managerOf(customer)
    const before = await walletState(walletId)
    const response = await adjust(client, walletId, { amount: 99.5, type: 'subtract' }).loginAs(
      manager
    )
    response.assertStatus(200)
    const entry = await LedgerEntry.findOrFail(response.body().entryId)
    assert.equal(money(entry.amount).toFixed(2), '-99.50')
    assert.isNull(entry.comment)
    assert.equal(entry.createdById, manager.id)
    assert.equal(
      (await walletState(walletId)).balance,
      money(before.balance).minus('99.50').toFixed(2)
    )
    assert.isTrue(await balanceMatchesLedger(walletId))
  })

  test('a subtraction that would leave the free margin negative is refused (422) and writes nothing; open losses count', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    await holdAllBut(walletId, '100.00')
    const state = await walletState(walletId)
    const over = await adjust(client, walletId, { amount: '100.01', type: 'subtract' }).loginAs(
      admin
    )
    over.assertStatus(422)
    assert.equal(
      fieldErrors(over.body()).amount,
      'This subtraction would leave the free margin negative'
    )
    assert.deepEqual(await walletState(walletId), state)

    // A position (margin 54.34) losing 20.00: 100 − 54.34 − 20 = 25.66 is left to take.
    const order = await placeTrade(client, customer, {
      bid: '1.08650',
      ask: '1.08662',
      amount: '10000',
    })
    quote('EUR_USD', '1.08460', '1.08474') // 10,000 × (1.08474 − 1.08662) − 1.2 = −20.00
    const withLoss = await walletState(walletId)
    ;(
      await adjust(client, walletId, { amount: '25.67', type: 'subtract' }).loginAs(admin)
    ).assertStatus(422)
    assert.deepEqual(await walletState(walletId), withLoss)
    ;(
      await adjust(client, walletId, { amount: '25.66', type: 'subtract' }).loginAs(admin)
    ).assertStatus(200)
    assert.isTrue(await balanceMatchesLedger(walletId))
    assert.isNull((await (await import('#models/order')).default.findOrFail(order.id)).closeTime)
  })

  test('bad input is refused with 422 under its field and writes nothing', async ({
    client,
    assert,
  }) => {
    const { admin, walletId } = await setup()
    const state = await walletState(walletId)
    const audits = await auditCount()
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'add' }, 'amount'],
      [{ amount: 'abc', type: 'add' }, 'amount'],
      [{ amount: '-5', type: 'add' }, 'amount'],
      [{ amount: '1.234', type: 'add' }, 'amount'],
      [{ amount: '1e3', type: 'add' }, 'amount'],
      [{ amount: '0x10', type: 'add' }, 'amount'],
      [{ amount: 1e308, type: 'add' }, 'amount'],
      [{ amount: '123456789012.00', type: 'add' }, 'amount'],
      [{ amount: ['5'], type: 'add' }, 'amount'],
      [{ amount: '0', type: 'add' }, 'amount'],
      [{ amount: '0.00', type: 'subtract' }, 'amount'],
      [{ amount: '5' }, 'type'],
      [{ amount: '5', type: 'multiply' }, 'type'],
      [{ amount: '5', type: 'ADD' }, 'type'],
      [{ amount: '5', type: 'add', comment: 'x'.repeat(501) }, 'comment'],
      [{ amount: '5', type: 'add', comment: { a: 1 } }, 'comment'],
    ]
    for (const [body, field] of cases) {
      const response = await adjust(client, walletId, body).loginAs(admin)
      assert.equal(response.status(), 422, JSON.stringify(body).slice(0, 80))
      assert.property(fieldErrors(response.body()), field, JSON.stringify(body).slice(0, 80))
    }
    assert.equal(
      fieldErrors(
        (await adjust(client, walletId, { amount: '0', type: 'add' }).loginAs(admin)).body()
      ).amount,
      'Amount must be greater than zero'
    )
    assert.deepEqual(await walletState(walletId), state)
    assert.equal(await auditCount(), audits)
  })

  test('unknown wallets are 404; roles other than 1 and 2 (role 6 included) are refused with 403', async ({
    client,
    assert,
  }) => {
    const { admin, walletId } = await setup()
    const state = await walletState(walletId)
    ;(await adjust(client, 2147483647, { amount: '5', type: 'add' }).loginAs(admin)).assertStatus(
      404
    )
    for (const id of ['0x10', '0', 'abc', '1e1']) {
      ;(await adjust(client, id, { amount: '5', type: 'add' }).loginAs(admin)).assertStatus(404)
    }
    for (const roleId of [3, 4, 5, 6] as RoleId[]) {
      ;(
        await adjust(client, walletId, { amount: '5', type: 'add' }).loginAs(
          await userOfRole(roleId)
        )
      ).assertStatus(403)
    }
    ;(await adjust(client, walletId, { amount: '5', type: 'add' })).assertStatus(401)
    assert.deepEqual(await walletState(walletId), state)
  })
})

test.group('Balance adjustment: Idempotency-Key', (group) => {
  isolate(group)

  test('a retried request gets the first answer and applies nothing again', async ({
    client,
    assert,
  }) => {
    const { admin, walletId } = await setup()
    const body = { amount: '10.00', type: 'add', comment: 'Bonus' }
    const first = await adjust(client, walletId, body, 'key-0001').loginAs(admin)
    first.assertStatus(200)
    assert.isUndefined(first.header('idempotent-replayed'))
    const state = await walletState(walletId)
    // The same request again, with the amount written another way: the same request.
    const again = await adjust(client, walletId, { ...body, amount: 10 }, 'key-0001').loginAs(admin)
    again.assertStatus(200)
    assert.deepEqual(again.body(), first.body())
    assert.equal(again.header('idempotent-replayed'), 'true')
    assert.deepEqual(await walletState(walletId), state)
    assert.equal(
      await LedgerEntry.query()
        .where('balance_id', walletId)
        .where('type', 'admin_adjustment')
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      1
    )
    assert.lengthOf(await auditRows({ action: 'balance.adjust', targetId: walletId }), 1)
  })

  test('the key reused for a different request is refused clearly; another staff member’s key is their own', async ({
    client,
    assert,
  }) => {
    const { customer, admin, walletId } = await setup()
    const manager = await managerOf(customer)
    ;(
      await adjust(client, walletId, { amount: '10.00', type: 'add' }, 'key-0002').loginAs(admin)
    ).assertStatus(200)
    const state = await walletState(walletId)
    for (const other of [
      { amount: '11.00', type: 'add' },
      { amount: '10.00', type: 'subtract' },
      { amount: '10.00', type: 'add', comment: 'x' },
    ]) {
      const response = await adjust(client, walletId, other, 'key-0002').loginAs(admin)
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body()).idempotencyKey,
        'This Idempotency-Key was already used for a different request'
      )
    }
    const customerB = await UserFactory.create()
    const otherWallet = (await Balance.query().where('user_id', customerB.id).firstOrFail()).id
    ;(
      await adjust(client, otherWallet, { amount: '10.00', type: 'add' }, 'key-0002').loginAs(admin)
    ).assertStatus(422)
    assert.deepEqual(await walletState(walletId), state)
    ;(
      await adjust(client, walletId, { amount: '11.00', type: 'add' }, 'key-0002').loginAs(manager)
    ).assertStatus(200)
  })

  test('a malformed key is refused; a refused request leaves its key free for the corrected retry', async ({
    client,
    assert,
  }) => {
    const { admin, walletId } = await setup()
    const state = await walletState(walletId)
    for (const key of ['x'.repeat(256), 'has space', 'tab\tkey', 'ünïcode']) {
      const response = await adjust(client, walletId, { amount: '1.00', type: 'add' }, key).loginAs(
        admin
      )
      assert.equal(response.status(), 422, JSON.stringify(key))
      assert.equal(
        fieldErrors(response.body()).idempotencyKey,
        'The Idempotency-Key header must be 1 to 255 visible characters'
      )
    }
    await holdAllBut(walletId, '5.00')
    const held = await walletState(walletId)
    ;(
      await adjust(client, walletId, { amount: '6.00', type: 'subtract' }, 'key-0003').loginAs(
        admin
      )
    ).assertStatus(422)
    assert.deepEqual(await walletState(walletId), held)
    ;(
      await adjust(client, walletId, { amount: '6.00', type: 'add' }, 'key-0003').loginAs(admin)
    ).assertStatus(200)
    assert.notDeepEqual(await walletState(walletId), state)
    assert.isTrue(await balanceMatchesLedger(walletId))
  })
})
