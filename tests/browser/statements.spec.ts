import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, openMenuAt } from '#tests/helpers/browser'
import { closedOrder } from '#tests/helpers/closed_orders'
import { DEMO, demoUser } from '#tests/helpers/users'

const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}`
const rows = '[data-testid=statements-table] tbody tr'

test.group('Browser: statements', (group) => {
  isolate(group)

  test('lists closed trades, pages, filters by date and exports the range', async ({
    visit,
    assert,
  }) => {
    // 16 closed trades, one a day from 2025-01-01 at 15:05 UTC; even days lose.
    const customer = await demoUser(DEMO.customer)
    const ids: number[] = []
    for (let n = 1; n <= 16; n++) {
      const order = await closedOrder(customer, {
        closedAt: `${day(n)}T15:05:00Z`,
        proLoss: n % 2 ? '12.5' : '-3.25',
        type: n % 2 ? 'buy' : 'sell',
      })
      ids.unshift(order.id)
    }

    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    // The top bar's account menu leads to the page.
    await (
      await openMenuAt(page, '[data-testid=account-menu]', { role: 'menuitem', name: 'Statements' })
    ).click()
    await page.waitForURL('**/statements')
    await page.assertTextContains('main h1', 'Statements')
    await page.assertExists('[data-testid=account-sidebar] a[href="/statements"]')

    // Newest close first, 15 to a page.
    await page.assertElementsCount(rows, 15)
    const first = page.locator(rows).first()
    await page.assertTextContains(rows + ':first-child', String(ids[0]))
    const firstText = await first.innerText()
    for (const expected of [
      '2025-01-16 2:05 PM',
      '2025-01-16 3:05 PM',
      'Sell',
      'EUR/USD',
      '1000',
      '1.0845',
      '1.0855',
      '-3.25000',
      'CLOSED',
    ]) {
      assert.include(firstText, expected)
    }
    // A loss is red, a profit green.
    await page.assertExists(`${rows}:nth-child(1) .text-danger`)
    await page.assertExists(`${rows}:nth-child(2) .text-success`)

    // Page 2 holds the oldest trade.
    await page
      .locator('[data-testid=statements-table-pagination]')
      .getByRole('button', { name: /2/ })
      .first()
      .click()
    await page.assertElementsCount(rows, 1)
    await page.assertTextContains(rows, String(ids[15]))

    // A range whose end comes first is refused under End Date.
    await page.locator('[data-testid=statements-filter-open]').click()
    await page.locator('input[name=dateStart]').fill(day(5))
    await page.locator('input[name=dateEnd]').fill(day(3))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains(
      '[data-testid=statements-filter]',
      'End date must be on or after the start date'
    )

    // 3 to 5 January: three trades.
    await page.locator('input[name=dateStart]').fill(day(3))
    await page.locator('input[name=dateEnd]').fill(day(5))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertNotExists('[data-testid=statements-filter]')
    await page.assertElementsCount(rows, 3)
    await page.assertText('[data-testid=statements-range]', `${day(3)} – ${day(5)}`)
    await page.assertNotExists('[data-testid=statements-table-pagination]')

    // The export carries the range and downloads those rows as CSV.
    const exportLink = page.locator('[data-testid=statements-export]')
    assert.equal(
      await exportLink.getAttribute('href'),
      `/statements/export?dateStart=${day(3)}&dateEnd=${day(5)}`
    )
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()])
    assert.equal(download.suggestedFilename(), `statements_${day(3)}_${day(5)}.csv`)
    const csv = await readFile((await download.path())!, 'utf8')
    const lines = csv.split('\r\n').filter(Boolean)
    assert.equal(
      lines[0],
      // Issue 24: the swap, and the close's reason and evidence after the status.
      'Ticket,Open Time,Close Time,Type,Instrument,Units,Open Rate,Close Rate,Swap,Profit/Loss,Status,' +
        'Close Reason,Bid,Ask,Quote Time,Feed,Equity,Margin,Margin Level,Execution Evidence'
    )
    assert.deepEqual(
      lines.slice(1).map((l) => Number(l.split(',')[0])),
      ids.slice(11, 14)
    )

    // A range with no trades shows the empty state; Clear brings everything back.
    await page.locator('[data-testid=statements-filter-open]').click()
    await page.locator('input[name=dateStart]').fill('2030-01-01')
    await page.locator('input[name=dateEnd]').fill('')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains(
      '[data-testid=statements-table]',
      'No closed trades in this date range'
    )
    await page.locator('[data-testid=statements-filter-open]').click()
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.assertNotExists('[data-testid=statements-filter]')
    await page.assertElementsCount(rows, 15)
    assert.equal(await exportLink.getAttribute('href'), '/statements/export')
  })

  test('a customer without closed trades sees the empty state', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.goto('/statements')
    await page.assertTextContains('[data-testid=statements-table]', 'No closed trades yet')
    await page.assertNotExists('[data-testid=statements-table-pagination]')
  })
})
