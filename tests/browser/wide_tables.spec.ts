import { test } from '@japa/runner'
import type { Browser, BrowserContext, Page } from 'playwright'
import Lead from '#models/lead'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, openMenuAt } from '#tests/helpers/browser'
import { openPosition } from '#tests/helpers/positions'
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

const adminAt1440 = (browser: Browser) => signedInAt(browser, DEMO.admin, 1440, 900)

interface Geometry {
  scrollWidth: number
  clientWidth: number
  /** The cue at each edge shown (opacity above zero). */
  cueLeft: boolean
  cueRight: boolean
  /** The header cells' boxes, by their text, and the scroller's. */
  cells: { text: string; left: number; right: number }[]
  scroller: { left: number; right: number }
  /** The text of the cell drawn at each header cell's centre (what a person sees there). */
  seen: string[]
}

/** Measures a table's scroller, cue and header cells in the page (DOM types come through globalThis). */
async function geometry(page: Page, testId: string): Promise<Geometry> {
  return page.evaluate((id) => {
    const { document, getComputedStyle } = globalThis as any
    const table = document.querySelector(`table[data-testid="${id}"], [data-testid="${id}"] table`)
    const scroller = table.parentElement
    const opacity = (edge: string) =>
      Number(
        getComputedStyle(document.querySelector(`[data-testid="${id}-cue-${edge}"]`)).opacity
      ) > 0
    const box = scroller.getBoundingClientRect()
    const ths = [...table.querySelectorAll('thead th')] as any[]
    return {
      scrollWidth: scroller.scrollWidth,
      clientWidth: scroller.clientWidth,
      cueLeft: opacity('left'),
      cueRight: opacity('right'),
      cells: ths.map((th) => {
        const r = th.getBoundingClientRect()
        return { text: th.textContent.trim(), left: r.left, right: r.right }
      }),
      scroller: { left: box.left, right: box.right },
      seen: ths.map((th) => {
        const r = th.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + 4, (r.top + r.bottom) / 2)
        return hit?.closest('th')?.textContent.trim() ?? ''
      }),
    }
  }, testId)
}

async function scrollTo(page: Page, testId: string, where: 'start' | 'end') {
  await page.evaluate(
    ([id, to]) => {
      const scroller = (globalThis as any).document.querySelector(
        `table[data-testid="${id}"], [data-testid="${id}"] table`
      ).parentElement
      scroller.scrollLeft = to === 'end' ? scroller.scrollWidth : 0
    },
    [testId, where] as const
  )
  // The cue follows the scroll event.
  await page.waitForTimeout(150)
}

/**
 * A wide table at 1440 px (issue 21 item 8): it says it scrolls (a cue at the
 * edge with more columns), the last columns are reachable and, once
 * scrolled to, not covered by the pinned Actions column, whose box never
 * overlaps the cell before it; a hidden column disappears and stays hidden.
 */
async function checkWideTable(page: Page, assert: any, testId: string, lastData: string) {
  try {
    await checkWide(page, assert, testId, lastData)
  } catch (error: any) {
    // The runner's error printer loses a page.evaluate failure's message: say it here.
    console.log(`${testId}:`, error?.message)
    throw error
  }
}
async function checkWide(page: Page, assert: any, testId: string, lastData: string) {
  await page.locator(`[data-testid="${testId}"] tbody tr`).first().waitFor()
  const start = await geometry(page, testId)
  assert.isAbove(start.scrollWidth, start.clientWidth, `${testId} is wider than its box at 1440 px`)
  assert.isTrue(start.cueRight, `${testId}: the right edge shows that more columns follow`)
  assert.isFalse(start.cueLeft, `${testId}: nothing to the left at the start`)

  await scrollTo(page, testId, 'end')
  const end = await geometry(page, testId)
  assert.isTrue(end.cueLeft, `${testId}: scrolled, the left edge shows columns before`)
  assert.isFalse(end.cueRight, `${testId}: at the end, nothing more to the right`)
  const last = end.cells.findIndex((c) => c.text === lastData)
  assert.isAbove(last, -1, `${testId} has a ${lastData} column`)
  const actions = end.cells[end.cells.length - 1]
  if (actions.text.toUpperCase() === 'ACTIONS') {
    const before = end.cells[end.cells.length - 2]
    assert.isAtMost(
      before.right,
      actions.left + 0.5,
      `${testId}: Actions does not overlap ${before.text}`
    )
  }
  assert.isAtMost(end.cells[last].right, end.scroller.right, `${lastData} is inside the scroller`)
  assert.equal(end.seen[last], lastData, `${lastData} is seen, not covered`)
}

async function hideColumn(page: Page, assert: any, testId: string, label: string) {
  const header = page.locator(`[data-testid="${testId}"] thead th`, { hasText: label })
  assert.equal(await header.count(), 1)
  await (
    await openMenuAt(page, `[data-testid="${testId}-columns"]`, {
      role: 'menuitemcheckbox',
      name: label,
    })
  ).click()
  await page.keyboard.press('Escape')
  await header.waitFor({ state: 'detached' })
  // Kept for this table after a reload.
  await page.reload()
  await page.locator(`[data-testid="${testId}"] tbody tr`).first().waitFor()
  assert.equal(await header.count(), 0)
  // And shown again from the same menu.
  await (
    await openMenuAt(page, `[data-testid="${testId}-columns"]`, {
      role: 'menuitemcheckbox',
      name: label,
    })
  ).click()
  await page.keyboard.press('Escape')
  await header.waitFor()
}

test.group('Browser: wide tables at 1440 px', (group) => {
  isolate(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()))
  })

  test('the trades table: cue, Status reachable and uncovered, Actions beside it, columns hideable', async ({
    browser,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '10000' })
    const page = await adminAt1440(browser)
    await page.goto('/admin/trades/all')
    await checkWideTable(page, assert, 'trades', 'STATUS')
    await hideColumn(page, assert, 'trades', 'SPREAD')
  }).timeout(180_000)

  test('the leads table: cue, the last columns reachable and uncovered, columns hideable', async ({
    browser,
    assert,
  }) => {
    await Lead.create({
      email: 'wide1@widetable.test',
      firstName: 'Wide',
      lastName: 'Table',
      group: 'sales',
      source: 'manual',
    })
    const page = await adminAt1440(browser)
    await page.goto('/admin/crm/sales/all?search=widetable')
    await checkWideTable(page, assert, 'leads', 'Affiliator')
    await hideColumn(page, assert, 'leads', 'Email')
  }).timeout(180_000)

  test('an empty wide table at 390 px says so where the eye is, not off screen', async ({
    browser,
    assert,
  }) => {
    // The walk (docs/WALKS.md) found "No closed trades yet" centred across all the columns of
    // Statements at 390 px, i.e. scrolled out of view, and the page looking broken.
    const page = await signedInAt(browser, DEMO.customer, 390, 844)
    // Issue 23's tables too: the Pending Orders tab and the orders history, each behind its tab.
    for (const [path, testId, tab] of [
      ['/statements', 'statements-table', null],
      ['/dashboard', 'positions-all', null],
      ['/dashboard', 'pending-orders', 'pending-tab'],
      ['/statements', 'orders-history', 'orders-history-tab'],
    ]) {
      await page.goto(path!)
      if (tab) await page.locator(`[data-testid=${tab}]`).click()
      const empty = page.locator(`[data-testid="${testId}-empty"]`)
      await empty.waitFor()
      const box = (await empty.boundingBox())!
      assert.isAtLeast(box.x, 0, `${path}: the empty text starts on screen`)
      assert.isAtMost(box.x + box.width, 390, `${path}: the empty text ends on screen`)
      assert.isTrue(await empty.isVisible())
    }
  }).timeout(120_000)
})
