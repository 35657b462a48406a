import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Instrument from '#models/instrument'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { closedOrder } from '#tests/helpers/closed_orders'
import { openPosition } from '#tests/helpers/positions'
import { chargeSwap } from '#tests/helpers/swaps'
import { DEMO, demoUser } from '#tests/helpers/users'

const EVIDENCE = 'Closed by stop-loss at 1.08410 (bid), quote 14:03:22.514 UTC, feed Polygon'

/**
 * The demo customer's book with swaps (issue 24): an open buy that has paid
 * -1.25 in swaps, and a buy closed by its stop-loss with the evidence the
 * close stored (the DB columns written directly, as the close writes them).
 */
async function seedBook() {
  const customer = await demoUser(DEMO.customer)
  const open = await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '1000' })
  await chargeSwap(open, '-1.25')
  const closed = await closedOrder(customer, {
    closedAt: '2026-11-26T14:03:23Z',
    proLoss: '10',
  })
  await chargeSwap(closed, '-0.5')
  await db.from('orders').where('id', closed.id).update({
    close_reason: 'stop_loss',
    close_bid: '1.0841',
    close_ask: '1.08422',
    close_quoted_at: '2026-11-26 14:03:22.514',
    close_source: 'polygon',
  })
  return { customer, open, closed }
}

test.group('Browser: swaps and execution evidence (issue 24)', (group) => {
  isolate(group)

  test('the customer sees the Swap column and the evidence of a close, on positions and statements', async ({
    visit,
  }) => {
    const { open, closed } = await seedBook()
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    const all = '[data-testid=positions-all]'
    await page.assertText(`${all} [data-testid=swap-${open.id}]`, '-1.25')
    await page.assertText(`${all} [data-testid=swap-${closed.id}]`, '-0.50')
    // The closed row's P/L is net of its swaps: 10 − 0.5.
    await page.assertText(`${all} [data-testid=pl-${closed.id}]`, '9.50000')
    await page.assertText(`${all} [data-testid=evidence-${closed.id}]`, EVIDENCE)
    await page.assertNotExists(`${all} [data-testid=evidence-${open.id}]`)
    await page.assertTextContains(`${all} thead`, 'Swap')

    await page.goto('/statements?dateStart=2026-11-26&dateEnd=2026-11-26')
    await page.assertText(`[data-testid=statement-swap-${closed.id}]`, '-0.50')
    await page.assertText(`[data-testid=statement-evidence-${closed.id}]`, EVIDENCE)
    await page.assertTextContains('[data-testid=statements-table] tbody', '9.50000')
  })

  test('staff see the swap and the evidence on the trades list', async ({ visit }) => {
    const { open, closed } = await seedBook()
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/trades/all')
    await page.assertText(`[data-testid=trade-swap-${open.id}]`, '-$1.25')
    await page.assertText(`[data-testid=trade-swap-${closed.id}]`, '-$0.50')
    await page.assertText(`[data-testid=trade-evidence-${closed.id}]`, EVIDENCE)
    await page.assertNotExists(`[data-testid=trade-evidence-${open.id}]`)
  })

  test('the instrument form takes swaps per side and an exposure limit; the plan form a swap-free switch', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    // A new instrument lists first (newest first).
    const ada = await Instrument.create({
      name: 'ADA_USD',
      base: 'ADA',
      quote: 'USD',
      category: 'crypto',
      bids: '0.4512',
      asks: '0.4518',
      tradingview: 'BINANCE',
      leverage: 5,
      tradable: true,
      swap: '0',
    })
    await page.goto('/admin/instruments/crypto')
    await page.locator(`[data-testid=instrument-edit-${ada.id}]`).click()
    const dialog = page.locator('[data-testid=instrument-modal]')
    await dialog.locator('input[name=swapLong]').fill('-2.5')
    await dialog.locator('input[name=swapShort]').fill('0.75')
    await dialog.locator('input[name=exposureLimit]').fill('0')
    await dialog.locator('[data-testid=instrument-submit]').click()
    // The server's message under the field; nothing saved.
    await dialog
      .getByText(
        'Exposure limit must be an amount in USD above 0 with at most 2 decimals, or empty for none'
      )
      .waitFor()
    await dialog.locator('input[name=exposureLimit]').fill('5000000')
    await dialog.locator('[data-testid=instrument-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'Instrument updated successfully' })
      .first()
      .waitFor()
    const stored = await db
      .from('instruments')
      .where('id', ada.id)
      .select('swap_long', 'swap_short', 'exposure_limit')
      .first()
    assert.equal(Number(stored.swap_long), -2.5)
    assert.equal(Number(stored.swap_short), 0.75)
    assert.equal(Number(stored.exposure_limit), 5000000)

    const goldId = (await db.from('pricing_plans').where('name', 'Gold').first()).id
    await page.goto('/admin/pricing')
    await page.locator(`[data-testid=plan-edit-${goldId}]`).click()
    await page.locator('[data-testid=plan-modal] [data-testid=switch-swapFree]').click()
    await page.locator('[data-testid=plan-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Plan updated successfully' }).first().waitFor()
    const gold = await db.from('pricing_plans').where('name', 'Gold').first()
    assert.isTrue(Boolean(gold.swap_free))
  })
})
