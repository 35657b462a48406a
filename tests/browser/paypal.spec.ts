import { test } from '@japa/runner'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import { money } from '#domain/money'
import { loginThroughForm } from '#tests/helpers/browser'
import { pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { isolate } from '#tests/helpers/isolation'
import { PAYPAL_KEYS, configurePaypal, withPaypalFake } from '#tests/helpers/paypal'
import { DEMO, balanceMatchesLedger, demoUser } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'

test.group('Browser: PayPal', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  const paypal = withPaypalFake(group)

  test('a customer pays a pending deposit with the PayPal button and lands on /deposits with it credited', async ({
    visit,
    assert,
  }) => {
    await configurePaypal('2')
    const customer = await demoUser(DEMO.customer)
    const wallet = await realWalletOf(customer)
    const before = money(wallet.balance)
    const deposit = await pendingDeposit(customer, 'paypal', '100.00', '2')

    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    const blocked: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        blocked.push(message.text())
    })
    await page.goto(`/payments/paypal/${deposit.txRef}`)
    await page.assertText('[data-testid=paypal-amount]', 'Deposit 100.00 USD')
    await page.assertText('[data-testid=paypal-logo]', 'PayPal')
    assert.notInclude(await page.content(), PAYPAL_KEYS.secret)

    // The fake SDK's button: createOrder through our server, the payer approves, onApprove → capture.
    await page.locator('[data-testid=paypal-fake-button]').click()
    await page.waitForURL((url) => url.pathname === '/deposits')
    const landed = new URL(page.url())
    assert.equal(landed.searchParams.get('status'), 'success')
    assert.equal(landed.searchParams.get('amount'), '100.00')
    assert.deepEqual(blocked, [], 'the page’s policy let the SDK load and call out')

    // PayPal was asked for the total (amount + 2% fee) in the wallet's currency.
    const [order] = [...paypal.fake.orders.values()]
    assert.deepEqual(order.amount, { currency_code: 'USD', value: '102.00' })
    assert.equal(paypal.fake.sdkQueries[0]?.get('currency'), 'USD')

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).toFixed(2), before.plus('100.00').toFixed(2))
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'approved')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})
