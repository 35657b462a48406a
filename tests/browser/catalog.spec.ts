import { test } from '@japa/runner'
import Instrument from '#models/instrument'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import feedManager from '#services/market/feeds/feed_manager'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, signedInPage } from '#tests/helpers/browser'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'
import { DEMO } from '#tests/helpers/users'

/** The instrument list's CRYPTO tab panel of the customer's dashboard. */
const CRYPTO_PANEL = '[role=tabpanel]'

test.group('Browser: instruments reach the market watch live', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)
  group.each.setup(async () => {
    // The market role of this process: the simulator quotes every market (no provider keys in tests).
    await feedManager.start({ heartbeatMs: 60_000 })
    return () => feedManager.stop()
  })

  test('an instrument the admin adds appears, quoted, in an open market watch; switched off, its dot turns red and an order is refused', async ({
    visit,
    browser,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.getByRole('tab', { name: 'CRYPTO' }).click()
    await page.locator(`${CRYPTO_PANEL} [data-testid=instrument-BTC_USD]`).waitFor()
    await page.waitForLoadState('networkidle')
    await page.assertNotExists('[data-testid=instrument-ADA_USD]')

    // The admin adds it on the Crypto screen: the modal has the path's category chosen.
    const staff = await signedInPage(browser, DEMO.admin)
    await staff.goto('/admin/instruments/crypto')
    await staff.locator('main h1', { hasText: 'Crypto' }).waitFor()
    await staff.locator('[data-testid=instrument-add]').click()
    const form = staff.locator('[data-testid=instrument-form]')
    await form.waitFor()
    assert.include(await form.locator('[data-slot=value]').first().innerText(), 'Crypto')
    await form.locator('input[name=name]').fill('ada_usd')
    await form.locator('input[name=base]').fill('ADA')
    await form.locator('input[name=quote]').fill('USD')
    await form.locator('input[name=tradingview]').fill('BINANCE')
    await form.locator('input[name=bids]').fill('0.45120')
    await form.locator('input[name=asks]').fill('0.45180')
    await form.locator('input[name=leverage]').fill('5')
    await form.locator('input[name=alias]').fill('Cardano')
    await staff.locator('[data-testid=instrument-submit]').click()
    await staff
      .locator('[data-toast]', { hasText: 'Instrument added successfully' })
      .first()
      .waitFor()
    await staff.locator('[data-testid=instruments]').getByText('ADA_USD').waitFor()

    // The customer's market watch shows it without a reload, with a live price and a green dot.
    const row = page.locator(`${CRYPTO_PANEL} [data-testid=instrument-ADA_USD]`)
    await row.waitFor({ timeout: 5000 })
    await page.waitForFunction(
      () =>
        /0\.4\d/.test(
          (globalThis as any).document.querySelector('[data-testid=bid-ADA_USD]')?.textContent ?? ''
        ),
      undefined,
      { timeout: 5000 }
    )
    assert.equal(
      await page.locator('[data-testid=dot-ADA_USD]').getAttribute('data-tradable'),
      'true'
    )

    // The customer opens a buy ticket; meanwhile the admin switches the instrument off.
    await page.locator(`${CRYPTO_PANEL} [data-testid=buy-ADA_USD]`).click()
    const dialog = page.locator('[role=dialog]')
    await dialog.locator('[data-testid=order-price]').waitFor()
    const ada = await Instrument.findByOrFail('name', 'ADA_USD')
    await staff.locator(`[data-testid=instrument-edit-${ada.id}]`).click()
    await staff.locator('[data-testid=switch-tradable]').click()
    const update = staff.waitForRequest((r) => r.method() === 'PUT')
    await staff.locator('[data-testid=instrument-submit]').click()
    // The prices were left as the list showed them: not sent, so the stored (live) ones stay.
    const sent = (await update).postDataJSON()
    assert.isFalse(sent.tradable)
    assert.notProperty(sent, 'bids')
    assert.notProperty(sent, 'asks')
    await staff
      .locator('[data-toast]', { hasText: 'Instrument updated successfully' })
      .first()
      .waitFor()
    await staff.locator(`[data-testid=tradable-${ada.id}]`, { hasText: 'Not tradable' }).waitFor()
    await staff.context().close()

    // The order is refused by the server; the list shows the red dot and offers no buy or sell.
    await dialog.locator('[data-testid=order-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'This instrument is not tradable' })
      .first()
      .waitFor()
    await page.keyboard.press('Escape')
    await page.waitForFunction(
      () =>
        (globalThis as any).document
          .querySelector('[data-testid=dot-ADA_USD]')
          ?.getAttribute('data-tradable') === 'false',
      undefined,
      { timeout: 5000 }
    )
    await page.assertDisabled(`${CRYPTO_PANEL} [data-testid=buy-ADA_USD]`)
    await page.assertDisabled(`${CRYPTO_PANEL} [data-testid=sell-ADA_USD]`)
    assert.isNull(await Order.query().where('instrument', 'ADA_USD').first())
  })
})

test.group('Browser: pricing plans', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test("a leverage the admin changes shows in an open dashboard's order ticket and sets the order's margin", async ({
    visit,
    browser,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.waitForLoadState('networkidle')
    const ticketMargin = async () => {
      await page.locator('[data-testid=instrument-search]').fill('eur usd')
      await page.locator('[data-testid=search-results] [data-testid=buy-EUR_USD]').click()
      await page.locator('[role=dialog] [data-testid=order-price]').waitFor()
      return (await page.locator('[data-testid=order-margin]').innerText()).replace(/[^0-9.]/g, '')
    }
    // 1,000 × 1.08662 ÷ 200 = 5.4331
    assert.equal(await ticketMargin(), '5.43')
    await page.keyboard.press('Escape')

    // Silver (the customer's plan): forex leverage 200 → 100.
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const staff = await signedInPage(browser, DEMO.admin)
    await staff.goto('/admin/pricing')
    await staff.locator(`[data-testid=plan-edit-${silver.id}]`).click()
    const leverage = staff.locator('[data-testid=plan-form] input[name=forexLeverage]')
    assert.equal(await leverage.inputValue(), '200')
    await leverage.fill('100')
    // The open dashboard re-reads its instruments (a partial Inertia reload) once the change is committed.
    const reloaded = page.waitForResponse(
      (r) => r.url().includes('/dashboard') && !!r.request().headers()['x-inertia-partial-data']
    )
    await staff.locator('[data-testid=plan-submit]').click()
    await staff.locator('[data-toast]', { hasText: 'Plan updated successfully' }).first().waitFor()
    await staff.context().close()

    // Without a reload, the ticket asks twice the margin, and the order is placed at leverage 100.
    await reloaded
    // 1,000 × 1.08662 ÷ 100 = 10.8662
    assert.equal(await ticketMargin(), '10.87')
    await page.locator('[data-testid=order-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Order Placed Successfully' }).first().waitFor()
    // This customer's newest: race tests of the functional suite leave other customers' positions open.
    const order = await Order.query()
      .whereIn('user_id', User.query().select('id').where('email', 'customer@demo.test'))
      .where('instrument', 'EUR_USD')
      .whereNull('close_time')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(order.leverage, 100)
  })

  test('the admin adds a plan and deletes it; a plan with subscribers is refused with the reason', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/pricing')
    await page.locator('main h1', { hasText: 'Pricing Plans' }).waitFor()
    await page.locator('[data-testid=plan-add]').click()
    const form = page.locator('[data-testid=plan-form]')
    assert.equal(await form.locator('input[name=price]').inputValue(), '0')
    await form.locator('input[name=name]').fill('Platinum')
    await form.locator('input[name=forexLeverage]').pressSequentially('-5x')
    assert.equal(
      await form.locator('input[name=forexLeverage]').inputValue(),
      '5',
      'a minus sign or a letter cannot be typed'
    )
    await form.locator('input[name=forexLeverage]').fill('5000')
    await page.locator('[data-testid=plan-submit]').click()
    await form.getByText('Forex leverage must be a whole number from 1 to 1000').waitFor()
    await form.locator('input[name=forexLeverage]').fill('300')
    await form.locator('input[name=forexStopout]').fill('25')
    await page.locator('[data-testid=plan-submit]').click()
    await page.locator('[data-toast]', { hasText: 'Plan added successfully' }).first().waitFor()
    const plan = await PricingPlan.findByOrFail('name', 'Platinum')
    assert.equal(plan.forexLeverage, 300)
    assert.isNull(plan.cryptoLeverage)
    await page.locator('[data-testid=plans]').getByText('Platinum').waitFor()

    await page.locator(`[data-testid=plan-delete-${plan.id}]`).click()
    await page.assertTextContains(
      '[data-testid=plan-delete-dialog]',
      'Are you sure to delete this plan?'
    )
    await page.locator('[data-testid=plan-delete-dialog-confirm]').click()
    await page.locator('[data-toast]', { hasText: 'Plan deleted successfully' }).first().waitFor()
    assert.isNull(await PricingPlan.find(plan.id))

    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    // Counted now: accounts other tests created may sit on the demo plan too.
    const subscribers = Number(
      (await User.query().where('pricing_table_id', silver.id).count('* as n'))[0].$extras.n
    )
    await page.locator(`[data-testid=plan-delete-${silver.id}]`).click()
    await page.locator('[data-testid=plan-delete-dialog-confirm]').click()
    await page
      .locator('[data-toast]', {
        hasText:
          subscribers === 1
            ? 'This plan cannot be deleted: 1 customer is subscribed to it'
            : `This plan cannot be deleted: ${subscribers} customers are subscribed to it`,
      })
      .first()
      .waitFor()
    await PricingPlan.findOrFail(silver.id)
  })
})
