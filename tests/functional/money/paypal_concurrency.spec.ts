import { test } from '@japa/runner'
import PaymentGateway from '#models/payment_gateway'
import { pendingDeposit } from '#tests/helpers/deposits'
import {
  configurePaypal,
  depositEntries,
  postPaypalWebhook,
  withPaypalFake,
} from '#tests/helpers/paypal'
import { freshCustomer, settled, signedIn } from '#tests/helpers/race'
import { realWalletOf } from '#tests/helpers/withdrawals'

/* Runs WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts): the captures really race. */
test.group('PayPal capture under concurrent requests', (group) => {
  const paypal = withPaypalFake(group)
  let saved: Record<string, unknown> | null = null
  group.setup(async () => {
    const row = await PaymentGateway.findByOrFail('value', 'paypal')
    saved = {
      key1: row.key1,
      key2: row.key2,
      key3: row.key3,
      key4: row.key4,
      fee: row.fee,
      isActive: row.isActive,
    }
    return async () => {
      const again = await PaymentGateway.findByOrFail('value', 'paypal')
      again.merge(saved as Partial<PaymentGateway>)
      await again.save()
    }
  })

  test('20 concurrent captures of one approved order credit it exactly once', async ({
    assert,
  }) => {
    await configurePaypal('1')
    const { user } = await freshCustomer('0')
    const wallet = await realWalletOf(user)
    const deposit = await pendingDeposit(user, 'paypal', '250.00', '1')
    const browser = await signedIn(user)
    const created = await browser.post(`/payments/paypal/${deposit.txRef}`)
    assert.equal(created.status, 200, created.text)
    const id = created.body.id as string
    paypal.fake.approve(id)

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => browser.get(`/payments/paypal/capture/${id}`))
    )
    assert.isTrue(responses.every((r) => r.status === 302))
    assert.deepEqual(
      [...new Set(responses.map((r) => r.location))],
      ['/deposits?status=success&amount=250.00']
    )
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.equal(await settled(assert, wallet.id), '250.00')
  })

  test('captures racing webhook deliveries of the same payment credit it exactly once', async ({
    assert,
  }) => {
    await configurePaypal()
    const { user } = await freshCustomer('0')
    const wallet = await realWalletOf(user)
    const deposit = await pendingDeposit(user, 'paypal', '80.00')
    const browser = await signedIn(user)
    const created = await browser.post(`/payments/paypal/${deposit.txRef}`)
    const id = created.body.id as string
    paypal.fake.captureSilently(id)
    const { body, headers } = paypal.fake.signedWebhook(paypal.fake.captureEvent(id))

    const [captures, webhooks] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => browser.get(`/payments/paypal/capture/${id}`))),
      Promise.all(Array.from({ length: 10 }, () => postPaypalWebhook(body, headers))),
    ])
    assert.deepEqual(
      [...new Set(captures.map((r) => r.location))],
      ['/deposits?status=success&amount=80.00']
    )
    assert.deepEqual([...new Set(webhooks.map((r) => r.status))], [200])
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.equal(await settled(assert, wallet.id), '80.00')
  })
})
