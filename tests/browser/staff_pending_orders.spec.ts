import { test } from '@japa/runner'
import type { Browser, BrowserContext, Page } from 'playwright'
import PendingOrder from '#models/pending_order'
import { OrderFactory } from '#database/factories/order_factory'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openMarkets } from '#tests/helpers/market'
import { pendingFor } from '#tests/helpers/pending_orders'
import { onlyAuditRow } from '#tests/helpers/audit'
import { DEMO, demoUser } from '#tests/helpers/users'

/** Contexts this file opened: closed at the end, or their live streams keep the test server busy. */
const opened: BrowserContext[] = []

async function signedInAt(browser: Browser, email: string, width: number, height: number) {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
    viewport: { width, height },
  })
  opened.push(context)
  const page = await context.newPage()
  // The first page of a run may wait for the dev server to build the front end.
  await page.goto('/', { timeout: 90_000 })
  await loginThroughForm(page, email)
  return page
}

/**
 * The table's header cells scrolled to one end of the table's own scroller:
 * their boxes, the cell a person sees at each one's left edge, whether the
 * page itself scrolls sideways and whether the table does.
 */
async function tableGeometry(page: Page, testId: string, where: 'start' | 'end') {
  const geometry = await page.evaluate(
    ([id, to]) => {
      const { document } = globalThis as any
      const table = document.querySelector(
        `table[data-testid="${id}"], [data-testid="${id}"] table`
      )
      const scroller = table.parentElement
      scroller.scrollLeft = to === 'end' ? scroller.scrollWidth : 0
      return { scrolls: scroller.scrollWidth > scroller.clientWidth }
    },
    [testId, where] as const
  )
  // The cue and the pinned column follow the scroll event.
  await page.waitForTimeout(150)
  return {
    ...geometry,
    ...(await page.evaluate((id) => {
      const { document } = globalThis as any
      const table = document.querySelector(
        `table[data-testid="${id}"], [data-testid="${id}"] table`
      )
      const box = table.parentElement.getBoundingClientRect()
      const cells = ([...table.querySelectorAll('thead th')] as any[]).map((th) => {
        const r = th.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + 4, (r.top + r.bottom) / 2)
        return {
          text: th.textContent.trim(),
          left: r.left,
          right: r.right,
          seen: hit?.closest('th')?.textContent.trim() ?? '',
        }
      })
      return {
        pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        scroller: { left: box.left, right: box.right },
        cells,
      }
    }, testId)),
  }
}

test.group('Browser: staff pending orders', (group) => {
  isolate(group)
  openMarkets(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()))
  })

  test('an admin sees a customer’s pending order and cancels it behind the confirmation; the customer’s history shows it cancelled', async ({
    browser,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const admin = await demoUser(DEMO.admin)
    // A buy limit far below any quote: it waits (nothing fills it during the test).
    const pending = await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.05000',
      amount: '10000',
      profit: '1.07000',
      loss: '1.04000',
    })

    const page = await signedInAt(browser, DEMO.admin, 1440, 900)
    await page.goto('/admin/trades/pending')
    await page.assertTextContains('main h1', 'Pending Orders')
    await page.assertText(`[data-testid=pending-status-${pending.id}]`, 'Pending')
    await page.assertText(`[data-testid=pending-price-${pending.id}]`, '1.05000')
    assert.equal(
      await page.locator(`[data-testid=pending-user-${pending.id}]`).getAttribute('href'),
      `/admin/customers/edit/${customer.id}`
    )
    const row = page.locator(`[data-testid=pending-orders] tr`, {
      has: page.locator(`[data-testid=pending-status-${pending.id}]`),
    })
    const text = await row.innerText()
    for (const cell of [
      'EUR_USD',
      'Buy Limit',
      '10,000',
      '1.07000',
      '1.04000',
      'Good till cancelled',
    ])
      assert.include(text, cell)
    // The menu: Trades holds the page, and it is the active link.
    await page.locator('a[href="/admin/trades/pending"]').first().waitFor()

    // 1440 px (as tests/browser/wide_tables.spec.ts): the page never scrolls sideways; the table
    // shows its first columns, and scrolled to its end the last data column and the pinned
    // Actions beside it, neither covered.
    const start = await tableGeometry(page, 'pending-orders', 'start')
    assert.isFalse(start.pageScrolls, 'the page does not scroll sideways at 1440 px')
    const headers = start.cells.map((c) => c.text)
    assert.deepEqual(headers, [
      'TICKET',
      'CUSTOMER',
      'INSTRUMENT',
      'ORDER TYPE',
      'UNITS',
      'TRIGGER PRICE',
      'TAKE PROFIT',
      'STOP LOSS',
      'EXPIRY',
      'PLACED AT',
      'STATUS',
      'ACTIONS',
    ])
    for (const cell of start.cells.slice(0, 4))
      assert.equal(cell.seen, cell.text, `${cell.text} seen`)
    const end = await tableGeometry(page, 'pending-orders', 'end')
    const [status, actions] = end.cells.slice(-2)
    assert.isAtMost(status.right, end.scroller.right, 'STATUS inside the table')
    assert.equal(status.seen, 'STATUS', 'STATUS is seen, not covered')
    assert.equal(actions.seen, 'ACTIONS')
    assert.isAtMost(status.right, actions.left + 0.5, 'Actions does not overlap STATUS')
    if (!start.scrolls) {
      for (const cell of start.cells) assert.equal(cell.seen, cell.text, `${cell.text} seen`)
    }

    // Cancel: the confirmation first; dismissing it changes nothing.
    await page.locator(`[data-testid=pending-cancel-${pending.id}]`).click()
    const dialog = page.locator('[data-testid=pending-cancel-dialog]')
    await dialog.getByText('Are you sure to cancel this pending order?').waitFor()
    await page.locator('[data-testid=pending-cancel-dialog-cancel]').click()
    await dialog.waitFor({ state: 'detached' })
    assert.equal((await PendingOrder.findOrFail(pending.id)).status, 'pending')

    await page.locator(`[data-testid=pending-cancel-${pending.id}]`).click()
    await page.locator('[data-testid=pending-cancel-dialog-confirm]').click()
    await dialog.waitFor({ state: 'detached' })
    // The list refreshed: the order is no longer waiting (gone, or shown cancelled without a button).
    await page.locator(`[data-testid=pending-cancel-${pending.id}]`).waitFor({ state: 'detached' })

    const stored = await PendingOrder.findOrFail(pending.id)
    assert.equal(stored.status, 'cancelled')
    assert.equal(stored.reason, 'staff')
    assert.equal(stored.cancelledById, admin.id)
    const audit = await onlyAuditRow('pending_order.cancel', pending.id)
    assert.equal(Number(audit.staff_id), admin.id)

    // The status filter's History shows it cancelled, with the reason.
    await page.locator('[data-testid=pending-orders-filter-status]').click()
    await page.getByRole('option', { name: 'History' }).click()
    await page.assertText(`[data-testid=pending-status-${pending.id}]`, 'Cancelled')
    await page.assertText(`[data-testid=pending-reason-${pending.id}]`, 'Cancelled by the broker')
    assert.include(page.url(), 'status=history')

    // The customer's history lists it cancelled by staff.
    const mine = await signedInAt(browser, DEMO.customer, 1440, 900)
    const history = await mine.request.get('/dashboard/pending-orders?status=history', {
      headers: { accept: 'application/json' },
    })
    assert.equal(history.status(), 200)
    const listed = (await history.json()).data.find((o: any) => o.id === pending.id)
    assert.containsSubset(listed, { status: 'cancelled', reason: 'staff' })
  }).timeout(180_000)

  test('the trades list names a partial close’s ticket under its ID', async ({ browser }) => {
    const customer = await demoUser(DEMO.customer)
    const ids = { userId: customer.id, balanceId: customer.activeBalanceId! }
    const ticket = await OrderFactory.merge(ids).create()
    const part = await OrderFactory.merge({ ...ids, parentOrderId: ticket.id })
      .apply('closed')
      .create()
    const page = await signedInAt(browser, DEMO.admin, 1440, 900)
    await page.goto('/admin/trades/all')
    await page.assertText(`[data-testid=trade-parent-${part.id}]`, `part of #${ticket.id}`)
    await page.locator(`[data-testid=trade-parent-${ticket.id}]`).waitFor({ state: 'detached' })
  }).timeout(120_000)
})
