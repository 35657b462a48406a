import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import { registerUser } from '#actions/auth/register_user'
import { postEntry } from '#services/ledger_service'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { BrowserSession } from '#tests/helpers/browser_session'
import { signupPayload } from '#tests/helpers/signup'
import { ledgerOf } from '#tests/helpers/users'

/*
| These tests run WITHOUT the shared rolled-back transaction: every request and
| every postEntry gets its own transaction and (on PostgreSQL) its own
| connection, so they really race. Each test works on a customer of its own.
*/
let seq = 0
async function freshCustomer(demoBalance: string) {
  await settings.put('demoBalance', { value1: demoBalance })
  try {
    const { birthDate: _b, ...form } = signupPayload({ email: `race-${Date.now()}-${seq++}@example.com` })
    const user = await registerUser(form as Parameters<typeof registerUser>[0])
    user.isEmailVerified = true
    await user.save()
    const wallet = await Balance.query().where('user_id', user.id).where('mode', 'demo').firstOrFail()
    return { user, wallet }
  } finally {
    await settings.put('demoBalance', { value1: '10000' })
  }
}

/** The wallet after the race: its balance must equal the sum of its ledger entries. */
async function settled(assert: { equal: (a: unknown, b: unknown) => void }, walletId: number) {
  const wallet = await Balance.findOrFail(walletId)
  const { total } = await ledgerOf(walletId)
  assert.equal(total.toFixed(2), money(wallet.balance).toFixed(2))
  return money(wallet.balance).toFixed(2)
}

async function signedIn(user: User) {
  const browser = new BrowserSession()
  await browser.open()
  const login = await browser.post('/auth/login', { email: user.email, password: signupPayload().password })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`)
  return browser
}

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
    const { user, wallet } = await freshCustomer('1000')
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const browser = await signedIn(user)

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => browser.post(`/dashboard/pricing/subscribe/${silver.id}`))
    )
    assert.equal(responses.filter((r) => r.status === 200).length, 1)
    assert.isTrue(responses.every((r) => r.status === 200 || r.status === 409))

    assert.equal(await settled(assert, wallet.id), '750.00')
    const charges = await LedgerEntry.query().where('balance_id', wallet.id).where('type', 'plan_charge')
    assert.lengthOf(charges, 1)
    await user.refresh()
    assert.equal(user.pricingTableId, silver.id)
  })

  test('parallel subscriptions to different plans never overdraw the wallet', async ({ assert }) => {
    const { user, wallet } = await freshCustomer('1100')
    const plans = await PricingPlan.query().whereIn('name', ['Silver', 'Gold'])
    const browser = await signedIn(user)

    const responses = await Promise.all(
      plans.flatMap((p) =>
        Array.from({ length: 5 }, () => browser.post(`/dashboard/pricing/subscribe/${p.id}`))
      )
    )
    assert.isTrue(responses.every((r) => r.status < 500), responses.map((r) => r.status).join(','))
    const balance = await settled(assert, wallet.id)
    assert.isTrue(money(balance).greaterThanOrEqualTo(0), `balance ${balance}`)
  })
})
