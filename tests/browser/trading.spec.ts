import { test } from '@japa/runner'
import Order from '#models/order'
import User from '#models/user'
import { placeOrder } from '#actions/orders/place_order'
import { RiskEngine } from '#services/market/risk_engine'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'

test.group('Browser: trading', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test('find EUR_USD by fuzzy search, buy with a stop-loss, see the position and the top bar, close it, find it in statements', async ({
    visit,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.assertText('[data-testid=figure-usedMargin]', '$0.00')

    await page.locator('[data-testid=instrument-search]').fill('eur usd')
    await page.locator('[data-testid=search-results] [data-testid=buy-EUR_USD]').click()

    const dialog = page.locator('[role=dialog]')
    await dialog.getByText('Buy EUR_USD').waitFor()
    await dialog.locator('[data-testid=order-price]').waitFor()
    await page.assertText('[data-testid=order-price]', '1.08662')
    await dialog.getByRole('switch', { name: 'Close at loss' }).check({ force: true })
    // A text field with the −/+ buttons as its only steppers: no native spinner arrows.
    assert.equal(await dialog.locator('input[data-testid=order-loss]').getAttribute('type'), 'text')
    await dialog.locator('input[data-testid=order-loss]').fill('1.08000')
    // Silver plan, forex leverage 200, first lot 1,000: 1.08662 × 1,000 ÷ 200 = 5.4331
    await page.assertText('[data-testid=order-margin]', '$5.43')
    await dialog.locator('[data-testid=order-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Order Placed Successfully' }).first().waitFor()

    // This customer's newest: race tests of the functional suite leave other customers' positions open.
    const order = await Order.query()
      .whereIn('user_id', User.query().select('id').where('email', 'customer@demo.test'))
      .where('instrument', 'EUR_USD')
      .whereNull('close_time')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(order.loss, '1.08')
    await page.assertText(`[data-testid=positions-all] [data-testid=status-${order.id}]`, 'OPENED')
    // Rates with the instrument's five digits, trailing zeros kept.
    await page.assertText(
      `[data-testid=positions-all] [data-testid=edit-loss-${order.id}]`,
      '1.08000 ✎'
    )
    // The top bar follows: 5.44 reserved (cents, rounded up)
    await page.assertText('[data-testid=figure-usedMargin]', '$5.44')

    quote('EUR_USD', '1.08750', '1.08762')
    await page.locator(`[data-testid=positions-all] [data-testid=close-${order.id}]`).click()
    await page.locator('[data-toast]', { hasText: 'Order Closed Successfully' }).first().waitFor()
    await page.assertText(`[data-testid=positions-all] [data-testid=status-${order.id}]`, 'CLOSED')
    await page.assertText('[data-testid=figure-usedMargin]', '$0.00')
    // (1,000 × (1.08762 − 1.08662) − 0.12) ÷ 1 = 0.88
    await page.assertText(`[data-testid=positions-all] [data-testid=pl-${order.id}]`, '0.88000')
    // Customer spec §2: a closed order shows N/A under Take/Profit and Stop/Loss, even with a stop set.
    await page.assertText(`[data-testid=positions-all] [data-testid=loss-${order.id}]`, 'N/A')
    await page.assertText(`[data-testid=positions-all] [data-testid=profit-${order.id}]`, 'N/A')
    const position = page
      .locator('[data-testid=positions-all] tr', { hasText: `${order.id}` })
      .first()
    assert.include(await position.innerText(), 'Buy')

    // …and in the statements.
    await page.goto('/statements')
    const row = page.locator('[data-testid=statements-table] tr', { hasText: String(order.id) })
    await row.first().waitFor()
    assert.include(await row.first().innerText(), 'EUR/USD')
    assert.include(await row.first().innerText(), '0.88000')
    assert.include(await row.first().innerText(), 'CLOSED')
    // 'Buy' written as the positions table writes it.
    assert.include(await row.first().innerText(), 'Buy')
  })

  test('the server closes a position on its stop-loss while no browser is open', async ({
    visit,
    assert,
  }) => {
    const engine = new RiskEngine()
    await engine.start({ reconcile: false })
    try {
      const customer = await User.findByOrFail('email', 'customer@demo.test')
      quote('EUR_USD', '1.08650', '1.08662')
      const order = await placeOrder({
        user: customer,
        type: 'buy',
        instrument: 'EUR_USD',
        amount: '10000',
        profit: null,
        loss: '1.08000',
      })
      await engine.idle()

      quote('EUR_USD', '1.07950', '1.07962') // through the stop, nobody watching
      await engine.idle()
      await order.refresh()
      assert.equal(order.closeReason, 'stop_loss')

      const page = await visit('/')
      await loginThroughForm(page, 'customer@demo.test')
      await page.assertText(
        `[data-testid=positions-all] [data-testid=status-${order.id}]`,
        'CLOSED'
      )
      // (10,000 × (1.07962 − 1.08662) − 1.2) ÷ 1 = −71.20
      await page.assertText(`[data-testid=positions-all] [data-testid=pl-${order.id}]`, '-71.20000')
      await page.locator('[data-testid=notifications-button]').click()
      await page.assertTextContains('ul[data-testid=notifications-list]', 'Stop loss executed')
    } finally {
      await engine.stop()
    }
  })
})
