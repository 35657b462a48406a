import { test } from '@japa/runner'
import type { BrowserContext, Page } from 'playwright'
import Order from '#models/order'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
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
    await page.locator(`[data-testid=positions-all] [data-testid=trailing-${order.id}]`).click()
    await modal.waitFor()
    await modal.getByRole('switch', { name: 'Trail the stop-loss' }).uncheck({ force: true })
    await modal.locator('[data-testid=trailing-submit]').click()
    await modal.waitFor({ state: 'detached' })
    await page.assertNotExists(`[data-testid=positions-all] [data-testid=trailing-${order.id}]`)
    await order.refresh()
    assert.isNull(order.trailingDistance)
  }).timeout(180_000)
})
