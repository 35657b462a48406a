import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Deposit from '#models/deposit'
import KycDocument from '#models/kyc_document'
import LedgerEntry from '#models/ledger_entry'
import Notification from '#models/notification'
import PaymentGateway from '#models/payment_gateway'
import { startDeposit } from '#actions/deposits/start_deposit'
import { overrideProviderBase } from '#services/payments/endpoints'
import { money } from '#domain/money'
import { configureGateway } from '#tests/helpers/deposits'
import { freshCustomer, settled, signedIn } from '#tests/helpers/race'
import { realWalletOf } from '#tests/helpers/withdrawals'
import {
  FAKE_STRIPE_KEYS,
  StripeFake,
  postStripeWebhook,
  signStripeWebhook,
} from '#tests/fakes/stripe_fake'

/*
 * These tests run WITHOUT the shared rolled-back transaction (see
 * tests/helpers/race.ts): every delivery is a real HTTP request to the test
 * server with its own transaction, so on PostgreSQL they really race.
 */
const SERVER =
  process.env.APP_URL ?? `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`
const { secretKey: SK, webhookSecret: WHSEC } = FAKE_STRIPE_KEYS

/** A fresh KYC-approved customer with a pending Stripe deposit whose session the customer has paid. */
async function paidStripeDeposit(fake: StripeFake, amount: string) {
  const { user } = await freshCustomer('0')
  await KycDocument.create({ userId: user.id, type: 'passport', status: 'approved' })
  const wallet = await realWalletOf(user)
  const { deposit } = await startDeposit({
    user,
    balanceId: wallet.id,
    amount,
    gateway: 'stripe',
    baseUrl: SERVER,
  })
  const sessionId = deposit.providerReference!
  fake.complete(sessionId)
  return { user, wallet, deposit, sessionId }
}

async function creditsOf(depositId: number) {
  return LedgerEntry.query().where('reference_type', 'deposit').where('reference_id', depositId)
}

test.group('Stripe deposit confirmations under concurrent delivery', (group) => {
  let fake: StripeFake

  group.setup(async () => {
    // Outside a rolled-back transaction: remember the gateway as it was and put it back after.
    const row = await PaymentGateway.findByOrFail('value', 'stripe')
    const previous = { key1: row.key1, key2: row.key2, fee: row.fee, isActive: row.isActive }
    fake = await StripeFake.start({ secretKey: SK })
    overrideProviderBase('stripe', fake.url)
    await configureGateway('stripe', { key1: SK, key2: WHSEC }, { fee: '1.5', active: true })
    return async () => {
      overrideProviderBase('stripe', null)
      await fake.close()
      const restore = await PaymentGateway.findByOrFail('value', 'stripe')
      restore.merge(previous)
      await restore.save()
    }
  })

  group.each.setup(() => limiter.clear(['memory']))

  test('one signed checkout.session.completed delivered 20 times at once credits once', async ({
    assert,
  }) => {
    const { user, wallet, deposit, sessionId } = await paidStripeDeposit(fake, '250.00')
    // 250.00 + 1.5 % = 253.75 collected; 250.00 credited.
    assert.equal(fake.session(sessionId).amount_total, 25375)
    const payload = fake.eventPayload('checkout.session.completed', sessionId)
    const signature = signStripeWebhook(payload, WHSEC)

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postStripeWebhook(SERVER, payload, signature))
    )
    assert.isTrue(
      responses.every((r) => r.status === 200),
      responses.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join('\n')
    )

    const after = await Deposit.findOrFail(deposit.id)
    assert.equal(after.status, 'approved')
    assert.equal(money(after.balanceAfter!).toFixed(2), '250.00')
    const credits = await creditsOf(deposit.id)
    assert.lengthOf(credits, 1)
    assert.equal(money(credits[0].amount).toFixed(2), '250.00')
    assert.lengthOf(
      await Notification.query().where('user_id', user.id).where('title', 'Deposit approved'),
      1
    )
    assert.equal(await settled(assert, wallet.id), '250.00')
  })

  test('webhooks, async confirmations and the customer returning, all at once, credit once', async ({
    assert,
  }) => {
    const { user, wallet, deposit, sessionId } = await paidStripeDeposit(fake, '99.99')
    const completed = fake.eventPayload('checkout.session.completed', sessionId)
    const succeeded = fake.eventPayload('checkout.session.async_payment_succeeded', sessionId)
    const browser = await signedIn(user)

    const [webhooks, returns] = await Promise.all([
      Promise.all([
        ...Array.from({ length: 10 }, () =>
          postStripeWebhook(SERVER, completed, signStripeWebhook(completed, WHSEC))
        ),
        ...Array.from({ length: 10 }, () =>
          postStripeWebhook(SERVER, succeeded, signStripeWebhook(succeeded, WHSEC))
        ),
      ]),
      Promise.all(
        Array.from({ length: 10 }, () =>
          browser.get(`/payments/stripe/return/${deposit.txRef}?session_id=${sessionId}`)
        )
      ),
    ])
    assert.isTrue(
      webhooks.every((r) => r.status === 200),
      webhooks.map((r) => r.status).join(',')
    )
    // Every return lands on /deposits; the ones after the credit show success.
    assert.isTrue(
      returns.every((r) => r.status === 302 && r.location?.startsWith('/deposits?status='))
    )

    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'approved')
    assert.lengthOf(await creditsOf(deposit.id), 1)
    assert.equal(await settled(assert, wallet.id), '99.99')
  })
})
