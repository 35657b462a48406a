import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import LedgerEntry from '#models/ledger_entry'
import PricingPlan from '#models/pricing_plan'
import { postEntry } from '#services/ledger_service'
import { money } from '#domain/money'
import { freshCustomer, freshRealCustomer, settled, signedIn } from '#tests/helpers/race'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */

test.group('Money under concurrent requests', (group) => {
  group.each.setup(() => limiter.clear(['memory']))

  test('50 parallel debits of 1 from a wallet of 10: exactly 10 succeed', async ({ assert }) => {
    const { wallet } = await freshCustomer('10')
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db.transaction((trx) =>
          postEntry(trx, {
            balanceId: wallet.id,
            type: 'fee',
            amount: '-1',
            requireFreeAtLeast: 0,
            insufficientMessage: 'Not enough balance',
          })
        )
      )
    )
    const accepted = results.filter((r) => r.status === 'fulfilled').length
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as Error).message === 'Not enough balance'
    ).length
    assert.equal(accepted, 10)
    assert.equal(refused, 40)
    assert.equal(await settled(assert, wallet.id), '0.00')
  })

  test('20 parallel credits are all kept: no update is lost', async ({ assert }) => {
    const { wallet } = await freshCustomer('0')
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((trx) =>
          postEntry(trx, { balanceId: wallet.id, type: 'admin_adjustment', amount: `${i + 1}.25` })
        )
      )
    )
    // 1.25 + 2.25 + … + 20.25 = 210 + 20 × 0.25 = 215
    assert.equal(await settled(assert, wallet.id), '215.00')
  })

  test('the same plan subscribed 20 times at once is charged once', async ({ assert }) => {
    const { user, wallet } = await freshRealCustomer('1000')
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const browser = await signedIn(user)

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => browser.post(`/dashboard/pricing/subscribe/${silver.id}`))
    )
    assert.equal(responses.filter((r) => r.status === 200).length, 1)
    assert.isTrue(responses.every((r) => r.status === 200 || r.status === 409))

    assert.equal(await settled(assert, wallet.id), '750.00')
    const charges = await LedgerEntry.query()
      .where('balance_id', wallet.id)
      .where('type', 'plan_charge')
    assert.lengthOf(charges, 1)
    await user.refresh()
    assert.equal(user.pricingTableId, silver.id)
  })

  test('parallel subscriptions to different plans never overdraw the wallet', async ({
    assert,
  }) => {
    const { user, wallet } = await freshRealCustomer('1100')
    const plans = await PricingPlan.query().whereIn('name', ['Silver', 'Gold'])
    const browser = await signedIn(user)

    const responses = await Promise.all(
      plans.flatMap((p) =>
        Array.from({ length: 5 }, () => browser.post(`/dashboard/pricing/subscribe/${p.id}`))
      )
    )
    assert.isTrue(
      responses.every((r) => r.status < 500),
      responses.map((r) => r.status).join(',')
    )
    const balance = await settled(assert, wallet.id)
    assert.isTrue(money(balance).greaterThanOrEqualTo(0), `balance ${balance}`)
  })
})
