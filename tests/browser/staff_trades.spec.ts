import { test } from '@japa/runner'
import Order from '#models/order'
import { placeOrder } from '#actions/orders/place_order'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, signedInPage } from '#tests/helpers/browser'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'
import { DEMO, demoUser } from '#tests/helpers/users'
import { auditRows } from '#tests/helpers/audit'
import { money } from '#domain/money'

test.group('Browser: staff trades', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test('an admin closes and corrects a customer’s trade; the customer’s positions, balance and statements show it', async ({
    visit,
    browser,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    quote('EUR_USD', '1.08650', '1.08662')
    // Silver plan, leverage 200: 10,000 at the ask 1.08662, spread cost 1.2, margin 54.34.
    const order = await placeOrder({
      user: customer,
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
      profit: null,
      loss: null,
    })

    // The customer watches their dashboard.
    const mine = await signedInPage(browser, DEMO.customer)
    await mine.assertText(`[data-testid=positions-all] [data-testid=status-${order.id}]`, 'OPENED')
    await mine.assertText('[data-testid=figure-balance]', '$25,000.00')
    await mine.assertText('[data-testid=figure-usedMargin]', '$54.34')

    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/trades/open')
    await page.assertTextContains('main h1', 'Open Trades')
    await page.assertText(`[data-testid=trade-status-${order.id}]`, 'Open')
    assert.equal(
      await page.locator(`[data-testid=trade-user-${order.id}]`).getAttribute('href'),
      `/admin/customers/edit/${customer.id}`
    )

    // The dialog of an open order: the close rate cannot be edited, and says so.
    await page.locator(`[data-testid=trade-edit-${order.id}]`).click()
    const dialog = page.locator('[data-testid=trade-modal]')
    await dialog.waitFor()
    assert.isTrue(await dialog.locator('input[name=closeRate]').isDisabled())
    await dialog.getByText("(Can't edit open orders Close Rate)").waitFor()
    assert.match(
      await dialog.locator('input[name=openTime]').inputValue(),
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/
    )
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Close at the market: 10,000 × (1.08762 − 1.08662) − 1.2 = 8.80.
    quote('EUR_USD', '1.08750', '1.08762')
    await page.locator(`[data-testid=trade-close-${order.id}]`).click()
    await page.locator('[data-testid=trade-close-dialog-confirm]').click()
    await page.locator('[data-toast]', { hasText: 'Order closed successfully' }).first().waitFor()
    await page.locator(`[data-testid=trade-status-${order.id}]`).waitFor({ state: 'detached' })
    assert.equal((await Order.findOrFail(order.id)).closeReason, 'admin')

    // The customer's open page follows without a reload.
    await mine.assertText(`[data-testid=positions-all] [data-testid=status-${order.id}]`, 'CLOSED')
    await mine.assertText(`[data-testid=positions-all] [data-testid=pl-${order.id}]`, '8.80000')
    await mine.assertText('[data-testid=figure-balance]', '$25,008.80')
    await mine.assertText('[data-testid=figure-usedMargin]', '$0.00')

    // Correct the close rate: 10,000 × (1.08862 − 1.08662) − 1.2 = 18.80, a +10.00 correction.
    await page.goto('/admin/trades/closed')
    await page.assertText(`[data-testid=trade-pnl-${order.id}]`, '$8.80')
    await page.locator(`[data-testid=trade-edit-${order.id}]`).click()
    await dialog.waitFor()
    assert.isTrue(await dialog.locator('input[name=profit]').isDisabled())
    await dialog.locator('input[name=closeRate]').fill('1.08862')
    await page.locator('[data-testid=trade-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Order updated successfully' }).first().waitFor()
    await page.assertText(`[data-testid=trade-pnl-${order.id}]`, '$18.80')

    await mine.assertText('[data-testid=figure-balance]', '$25,018.80')
    await mine.assertText(`[data-testid=positions-all] [data-testid=pl-${order.id}]`, '18.80000')
    await mine.goto('/statements')
    const row = mine
      .locator('[data-testid=statements-table] tr', { hasText: String(order.id) })
      .first()
    await row.waitFor()
    assert.include(await row.innerText(), '1.08862')
    assert.include(await row.innerText(), '18.80000')
    await mine.context().close()
  })

  test('a rate far from the market is refused until the admin confirms it with the switch the refusal brings up', async ({
    visit,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    quote('EUR_USD', '1.08650', '1.08662')
    const order = await placeOrder({
      user: customer,
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
      profit: null,
      loss: null,
    })
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/trades/open')
    await page.locator(`[data-testid=trade-edit-${order.id}]`).click()
    const dialog = page.locator('[data-testid=trade-modal]')
    await dialog.waitFor()
    assert.equal(await dialog.locator('[data-testid=switch-force]').count(), 0)

    // (1.08662 − 0.80000) ÷ 1.08662 = 26.38 %, beyond the 20 % bound.
    await dialog.locator('input[name=openRate]').fill('0.80000')
    await page.locator('[data-testid=trade-submit]').click()
    await dialog
      .getByText(
        'Open rate is 26.38% away from the current quote (1.08662); more than 20% must be confirmed'
      )
      .waitFor()
    await dialog.getByText('Confirm to apply a rate this far from the market').waitFor()
    assert.equal(money((await Order.findOrFail(order.id)).openRate).toFixed(), '1.08662')

    await dialog.locator('[data-testid=switch-force]').click()
    await page.locator('[data-testid=trade-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Order updated successfully' }).first().waitFor()
    assert.equal(money((await Order.findOrFail(order.id)).openRate).toFixed(), '0.8')
    const [audit] = await auditRows({ action: 'order.update', targetId: order.id })
    assert.deepEqual(JSON.parse(audit.changes).force, { before: null, after: true })
  })
})
