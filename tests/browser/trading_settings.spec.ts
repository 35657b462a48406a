import { test } from '@japa/runner'
import Order from '#models/order'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'
import { DEMO, demoUser } from '#tests/helpers/users'

test.group('Browser: spread settings', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test("an admin changes the forex spread; the customer's next order pays the new spread", async ({
    visit,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/spreads')
    const forex = page.locator('input[name=spread_forex]')
    await forex.fill('')
    await forex.blur()
    await page.getByText('Forex spread is required').waitFor()
    await forex.fill('3')
    await page.locator('[data-testid=spreads-form-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'Spreads updated successfully' })
      .first()
      .waitFor()

    await page.context().clearCookies()
    await page.goto('/')
    await loginThroughForm(page, DEMO.customer)
    await page.locator('[data-testid=instrument-search]').fill('eur usd')
    await page.locator('[data-testid=search-results] [data-testid=buy-EUR_USD]').click()
    const dialog = page.locator('[role=dialog]')
    await dialog.locator('[data-testid=order-price]').waitFor()
    await page.assertText('[data-testid=order-price]', '1.08662')
    await dialog.locator('[data-testid=order-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Order Placed Successfully' }).first().waitFor()

    // This customer's newest: race tests of the functional suite leave other customers' EUR_USD positions open.
    const customer = await demoUser(DEMO.customer)
    const order = await Order.query()
      .where('user_id', customer.id)
      .where('instrument', 'EUR_USD')
      .whereNull('close_time')
      .orderBy('id', 'desc')
      .firstOrFail()
    // (1.08662 − 1.08650) × 3 × the order's amount
    assert.equal(
      money(order.spread).toFixed(),
      money('0.00012').times(3).times(order.tradeAmount).toFixed()
    )
  })
})
