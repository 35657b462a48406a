import { test } from '@japa/runner'
import type { BrowserContext, Page } from 'playwright'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import { PendingEngine } from '#services/market/pending_engine'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, pressUntilShown } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'
import { openPosition } from '#tests/helpers/positions'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'

/*
| Issue 23 in the customer's browser: pending orders placed from the Buy and
| Sell dialogs, modified and cancelled in their tab, filled when the market
| crosses them; part of a position closed; a trailing stop set and removed.
*/

async function signIn(context: BrowserContext) {
  // The first page after a source change waits for the dev server to prepare the bundles.
  context.setDefaultNavigationTimeout(90_000)
  const page = await context.newPage()
  await page.goto('/')
  await loginThroughForm(page, DEMO.customer)
  return page
}

/** Opens the row menu beside a position's Close button and picks an item. */
async function rowAction(
  page: Page,
  orderId: number,
  item: 'close-all' | 'close-part' | 'trailing-stop'
) {
  const trigger = page.locator(`[data-testid=positions-all] [data-testid=actions-${orderId}]`)
  const entry = page.locator(`[data-testid=${item}-${orderId}]`)
  await trigger.scrollIntoViewIfNeeded()
  // The page may still be settling (a scroll closes a menu): open it again until the item shows.
  for (let attempt = 0; attempt < 5 && !(await entry.isVisible()); attempt++) {
    await trigger.click()
    await entry.waitFor({ timeout: 2000 }).catch(() => {})
  }
  await entry.click()
}

/** Opens the Buy or Sell dialog of EUR_USD from the search results and switches it to Pending. */
async function pendingDialog(page: Page, type: 'buy' | 'sell') {
  await page.locator('[data-testid=instrument-search]').fill('eur usd')
  await page.locator(`[data-testid=search-results] [data-testid=${type}-EUR_USD]`).click()
  const dialog = page.locator('[role=dialog]')
  await dialog.getByText(`${type === 'buy' ? 'Buy' : 'Sell'} EUR_USD`).waitFor()
  await dialog.locator('[data-testid=order-price]').waitFor()
  await dialog.getByRole('tab', { name: 'Pending' }).click()
  await dialog.locator('input[data-testid=order-trigger]').waitFor()
  return dialog
}

async function pressTimes(page: Page, selector: string, times: number) {
  for (let i = 0; i < times; i++) await page.locator(selector).click()
}

test.group('Browser: pending orders', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test('place a buy limit from the Buy dialog, modify it, cancel it, find it in the orders history', async ({
    browserContext,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await signIn(browserContext)
    const dialog = await pendingDialog(page, 'buy')
    const trigger = dialog.locator('input[data-testid=order-trigger]')

    // The price starts at the ask, where a buy limit may not sit: the message shows, the button waits.
    assert.equal(await trigger.inputValue(), '1.08662')
    await page.assertTextContains(
      '[role=dialog]',
      'A buy limit price must be below the ask (1.08662)'
    )
    assert.isTrue(await dialog.locator('[data-testid=order-submit]').isDisabled())
    // Three pips down, one pip a press.
    await pressTimes(page, '[role=dialog] [data-testid=order-trigger-minus]', 3)
    assert.equal(await trigger.inputValue(), '1.08632')
    // Silver plan, forex leverage 200, first lot 1,000, at the order's price: 1.08632 × 1,000 ÷ 200 = 5.4316
    await page.assertText('[data-testid=order-margin]', '$5.43')
    await page.assertText('[data-testid=order-submit]', 'Buy Limit')
    quote('EUR_USD', '1.08650', '1.08662')
    await dialog.locator('[data-testid=order-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'Pending Order Placed Successfully' })
      .first()
      .waitFor()

    const placed = await PendingOrder.query()
      .where('user_id', (await demoUser(DEMO.customer)).id)
      .firstOrFail()
    assert.equal(placed.price, '1.08632')
    assert.equal(placed.status, 'pending')
    await page.locator('[data-testid=pending-tab]').click()
    await page.assertText(`[data-testid=pending-price-${placed.id}]`, '1.08632')
    await page.assertText(`[data-testid=pending-type-${placed.id}]`, 'Buy Limit')
    await page.assertText(`[data-testid=pending-expiry-${placed.id}]`, 'Good till cancelled')

    // Modify: a price above the ask is refused by the server, under the field; then a good one.
    await page.locator(`[data-testid=pending-modify-${placed.id}]`).click()
    const modal = page.locator('[data-testid=pending-modal]')
    await modal.waitFor()
    await modal.locator('input[data-testid=pending-price]').fill('1.09000')
    quote('EUR_USD', '1.08650', '1.08662')
    await modal.locator('[data-testid=pending-submit]').click()
    await modal.locator('[data-slot=error-message]', { hasText: 'below the ask' }).waitFor()
    await modal.locator('input[data-testid=pending-price]').fill('1.08600')
    quote('EUR_USD', '1.08650', '1.08662')
    await modal.locator('[data-testid=pending-submit]').click()
    await modal.waitFor({ state: 'detached' })
    await page.assertText(`[data-testid=pending-price-${placed.id}]`, '1.08600')
    await placed.refresh()
    assert.equal(placed.price, '1.086')

    // Cancel behind the confirmation.
    await page.locator(`[data-testid=pending-cancel-${placed.id}]`).click()
    await page.locator('[data-testid=pending-cancel-dialog-confirm]').click()
    await page.locator('[data-testid=pending-orders-empty]').waitFor()
    await placed.refresh()
    assert.equal(placed.status, 'cancelled')

    await page.goto('/statements')
    await page.locator('[data-testid=orders-history-tab]').click()
    await page.assertText(`[data-testid=history-status-${placed.id}]`, 'Cancelled')
    await page.assertText(`[data-testid=history-reason-${placed.id}]`, 'Cancelled by you')
  }).timeout(180_000)

  test('a sell stop placed for the end of the trading day fills when the market crosses it, and moves to the positions', async ({
    browserContext,
    assert,
  }) => {
    const engine = new PendingEngine()
    await engine.start({ reconcile: false, concurrency: 1 })
    try {
      quote('EUR_USD', '1.08650', '1.08662')
      const page = await signIn(browserContext)
      await page.locator('[data-testid=pending-tab]').click()
      await page.locator('[data-testid=pending-orders-empty]').waitFor()

      const dialog = await pendingDialog(page, 'sell')
      await dialog.getByRole('radio', { name: 'Sell Stop' }).check({ force: true })
      assert.equal(await dialog.locator('input[data-testid=order-trigger]').inputValue(), '1.08650')
      await pressTimes(page, '[role=dialog] [data-testid=order-trigger-minus]', 5)
      assert.equal(await dialog.locator('input[data-testid=order-trigger]').inputValue(), '1.08600')
      await dialog.getByRole('radio', { name: 'End of trading day' }).check({ force: true })
      quote('EUR_USD', '1.08650', '1.08662')
      await dialog.locator('[data-testid=order-submit]').click()
      await page
        .locator('[data-toast]', { hasText: 'Pending Order Placed Successfully' })
        .first()
        .waitFor()
      // This customer's: race tests of the functional suite may leave other customers' orders.
      const placed = await PendingOrder.query()
        .where('user_id', (await demoUser(DEMO.customer)).id)
        .where('status', 'pending')
        .orderBy('id', 'desc')
        .firstOrFail()
      assert.equal(placed.expiry, 'day')
      // The pinned clock is a Wednesday 15:00 in New York: the forex day ends at 17:00 there.
      await page.assertText(`[data-testid=pending-expiry-${placed.id}]`, '2026-11-18 10:00 PM')
      await engine.idle()

      // The bid falls through the stop: the market role fills it; the page follows without a reload.
      quote('EUR_USD', '1.08590', '1.08602')
      await engine.idle()
      await placed.refresh()
      assert.equal(placed.status, 'filled')
      await page.locator('[data-testid=pending-orders-empty]').waitFor()
      await page.getByRole('tab', { name: 'All Positions' }).click()
      await page.assertText(
        `[data-testid=positions-all] [data-testid=status-${placed.orderId}]`,
        'OPENED'
      )
      await page.locator('[data-toast]', { hasText: 'Pending order filled' }).first().waitFor()

      await page.goto('/statements')
      await page.locator('[data-testid=orders-history-tab]').click()
      await page.assertText(`[data-testid=history-status-${placed.id}]`, 'Filled')
    } finally {
      await engine.stop()
    }
  }).timeout(180_000)
})

test.group('Browser: close part of a position, trailing stop', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test('close part of a position: the ticket keeps the rest, the part is its own closed row, the statements say whose part it is', async ({
    browserContext,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const customer = await demoUser(DEMO.customer)
    const ticket = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '10000',
    })
    const page = await signIn(browserContext)
    await page.locator(`[data-testid=positions-all] [data-testid=close-${ticket.id}]`).waitFor()

    await rowAction(page, ticket.id, 'close-part')
    const modal = page.locator('[data-testid=close-part-modal]')
    await modal.waitFor()
    // Forex trades in lots here: the sizes below the open 10,000 units.
    await modal.locator('button[data-slot=trigger]').click()
    const micro = page.locator('[role=option]', { hasText: '0.01 (Micro)' })
    await micro.waitFor()
    assert.equal(await page.locator('[role=option]').count(), 1)
    await micro.click()
    // A fresh quote to close at (a slow machine may have let the first go stale).
    quote('EUR_USD', '1.08650', '1.08662')
    await modal.locator('[data-testid=close-part-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'Order Partially Closed Successfully' })
      .first()
      .waitFor()

    const part = await Order.query().where('parent_order_id', ticket.id).firstOrFail()
    assert.equal(part.tradeAmount, '1000')
    const all = page.locator('[data-testid=positions-all]')
    await page.assertText(`[data-testid=positions-all] [data-testid=status-${ticket.id}]`, 'OPENED')
    await page.assertText(`[data-testid=positions-all] [data-testid=status-${part.id}]`, 'CLOSED')
    const ticketRow = all.locator('tr', { has: page.locator(`[data-testid=status-${ticket.id}]`) })
    assert.include(await ticketRow.innerText(), '9000')

    await page.goto('/statements')
    await page.assertTextContains(
      `[data-testid=statement-ticket-${part.id}]`,
      `part of #${ticket.id}`
    )
  }).timeout(180_000)

  test('set a trailing stop on an open position, see its distance on the row, then remove it', async ({
    browserContext,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const customer = await demoUser(DEMO.customer)
    const order = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    const page = await signIn(browserContext)
    await page.locator(`[data-testid=positions-all] [data-testid=close-${order.id}]`).waitFor()

    await rowAction(page, order.id, 'trailing-stop')
    const modal = page.locator('[data-testid=trailing-modal]')
    await modal.waitFor()
    await modal.locator('input[data-testid=trailing-distance]').fill('0.0020')
    // One pip a press.
    await modal.locator('[data-testid=trailing-distance-plus]').click()
    assert.equal(await modal.locator('input[data-testid=trailing-distance]').inputValue(), '0.0021')
    await modal.locator('[data-testid=trailing-submit]').click()
    await modal.waitFor({ state: 'detached' })

    await order.refresh()
    assert.equal(order.trailingDistance, '0.0021')
    await page.assertTextContains(
      `[data-testid=positions-all] [data-testid=trailing-${order.id}]`,
      'Trailing 0.0021'
    )

    // Switched off, the trailing is removed.
    await pressUntilShown(
      page.locator(`[data-testid=positions-all] [data-testid=trailing-${order.id}]`),
      modal
    )
    await modal.getByRole('switch', { name: 'Trail the stop-loss' }).uncheck({ force: true })
    await modal.locator('[data-testid=trailing-submit]').click()
    await modal.waitFor({ state: 'detached' })
    await page.assertNotExists(`[data-testid=positions-all] [data-testid=trailing-${order.id}]`)
    await order.refresh()
    assert.isNull(order.trailingDistance)
  }).timeout(180_000)
})
