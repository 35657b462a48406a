import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import Order from '#models/order'
import Withdrawal from '#models/withdrawal'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { DEMO } from '#tests/helpers/users'
import { chartChunks } from '../../scripts/bundle_probe.js'

const ASSETS = 'public/assets'

/**
 * Whether a request fetches apexcharts: a dev-server module named after it or,
 * when the suite runs on the built front end (TEST_ASSETS=built), a chunk the
 * build put its code in.
 */
function chartRequestTest(): (url: string) => boolean {
  if (process.env.TEST_ASSETS !== 'built') return (url) => /apexcharts/i.test(url)
  const manifest = JSON.parse(readFileSync(`${ASSETS}/.vite/manifest.json`, 'utf8'))
  const files = chartChunks(manifest, ASSETS).map((key: string) => `/assets/${manifest[key].file}`)
  return (url) => files.some((file: string) => new URL(url).pathname === file)
}

/** Today's approved deposit of 1,234.56 and withdrawal of 200.00, and two closed real trades (forex +30, crypto -10.25). */
async function todaysBook() {
  const customer = await UserFactory.create()
  const real = await Balance.query()
    .where('user_id', customer.id)
    .where('mode', 'real')
    .firstOrFail()
  const now = DateTime.now()
  const money = {
    userId: customer.id,
    balanceId: real.id,
    gateway: 'bank',
    fee: '0',
    description: 'Browser test',
    status: 'approved' as const,
    balanceAfter: null,
    decidedById: null,
    decidedAt: now,
  }
  await Deposit.create({
    ...money,
    amount: '1234.56',
    total: '1234.56',
    txRef: randomUUID(),
    providerReference: null,
    paymentLink: null,
    proofPath: null,
  })
  await Withdrawal.create({ ...money, amount: '200.00', total: '200.00', declineReason: null })
  for (const [kind, proLoss] of [
    ['forex', '30.00'],
    ['crypto', '-10.25'],
  ] as const) {
    await Order.create({
      userId: customer.id,
      balanceId: real.id,
      instrumentId: null,
      instrument: kind === 'forex' ? 'EUR_USD' : 'BTC_USD',
      baseSymbol: kind === 'forex' ? 'EUR' : 'BTC',
      quoteSymbol: 'USD',
      kind,
      type: 'buy',
      tradeAmount: '1',
      openRate: '1.1',
      closeRate: '1.1',
      closeTime: now,
      spread: '0',
      exchangeRate: '1',
      marginUsed: '0',
      leverage: 1,
      proLoss,
      closeReason: 'manual',
    })
  }
}

test.group('Browser: the dashboard', (group) => {
  isolate(group)
  group.each.setup(async () => {
    await Order.query().delete()
    await Deposit.query().delete()
    await Withdrawal.query().delete()
  })

  test('cards and both charts render with data; the range lives in the URL; Reset clears it', async ({
    visit,
    assert,
  }) => {
    await todaysBook()
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin')

    await page.assertText('[data-testid=card-deposits-value]', '$1,234.56')
    await page.assertText('[data-testid=card-withdraws-value]', '$200.00')
    await page.assertText('[data-testid=card-trades-value]', '2')
    await page.assertText('[data-testid=card-pnl-value]', '$19.75')
    await page.assertTextContains('[data-testid=dashboard-currency]', 'Amounts in USD')
    await page.assertTextContains(
      '[data-testid=dashboard-notes]',
      "customers' realized profit or loss"
    )

    // The bar chart: seven days on the axis, today's deposit and withdrawal as bars; the tooltip has 2 decimals.
    const bars = page.locator('[data-testid=chart-recent-transactions]')
    await bars.locator('svg.apexcharts-svg').waitFor()
    assert.equal(await bars.locator('.apexcharts-xaxis-label').count(), 7)
    const today = DateTime.utc().toFormat('dd/MM/yyyy')
    assert.equal(
      (await bars.locator('.apexcharts-xaxis-label').last().textContent())?.trim(),
      today
    )
    assert.isAbove(await bars.locator('.apexcharts-bar-area').count(), 0)
    await bars.locator('.apexcharts-bar-area[val="1234.56"]').first().hover()
    await page
      .locator('.apexcharts-tooltip-text-y-value', { hasText: '$1,234.56' })
      .first()
      .waitFor()

    // The pie: every market in the legend, a labelled slice for each market traded (one trade each: 50 %).
    const pie = page.locator('[data-testid=chart-trade-engagement]')
    await pie.locator('svg.apexcharts-svg').waitFor()
    assert.deepEqual(await pie.locator('.apexcharts-legend-text').allTextContents(), [
      'FOREX',
      'COMMODITIES',
      'INDICES',
      'STOCK',
      'CRYPTO',
    ])
    assert.deepEqual(await pie.locator('.apexcharts-pie-label').allTextContents(), [
      '50.0%',
      '50.0%',
    ])
    assert.equal(await page.locator('[data-apexcharts-watermark]').count(), 0)

    // A range with nothing in it: zeros, kept in the address across a reload.
    await page.locator('input[name=from]').fill('2001-03-01')
    await page.locator('input[name=to]').fill('2001-03-31')
    await page.assertText('[data-testid=card-deposits-value]', '$0.00')
    await page.assertText('[data-testid=card-trades-value]', '0')
    await page.assertExists('[data-testid=trade-engagement-empty]')
    assert.equal(new URL(page.url()).search, '?from=2001-03-01&to=2001-03-31')
    await page.reload()
    await page.assertText('[data-testid=card-deposits-value]', '$0.00')
    await page.assertText('[data-testid=dashboard-range]', 'From 01/03/2001 to 31/03/2001')

    await page.locator('[data-testid=dashboard-reset]').click()
    await page.assertText('[data-testid=card-deposits-value]', '$1,234.56')
    await page.assertText('[data-testid=dashboard-range]', 'All time')
    assert.equal(new URL(page.url()).search, '')
  })

  test('apexcharts is fetched by the dashboard only, after its figures', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    const charts: string[] = []
    const isChart = chartRequestTest()
    page.on('request', (request) => {
      if (isChart(request.url())) charts.push(request.url())
    })
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/deposits')
    await page.waitForSelector('[data-testid=deposit-history-total]')
    assert.deepEqual(charts, [])
    await page.goto('/admin')
    await page.locator('[data-testid=chart-recent-transactions] svg.apexcharts-svg').waitFor()
    assert.isAbove(charts.length, 0)
  })
})
