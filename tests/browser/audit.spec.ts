import { test } from '@japa/runner'
import type { Page } from 'playwright'
import db from '@adonisjs/lucid/services/db'
import { recordStaffAction } from '#services/audit_log'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { tamperWith } from '#tests/helpers/audit'
import { DEMO, demoUser } from '#tests/helpers/users'

const TOTAL = '[data-testid=audit-log-total]'
const TARGET_ID =
  '[data-testid=audit-filter-target-id] input, input[data-testid=audit-filter-target-id]'

async function choose(page: Page, filter: string, option: string) {
  const select = page.locator(`[data-testid=${filter}]`)
  const trigger = select.locator('button[data-slot=trigger]')
  await ((await trigger.count()) ? trigger.first() : select.first()).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.group('Browser: Audit Log', (group) => {
  isolate(group)
  group.each.setup(async () => {
    await tamperWith('DELETE FROM audit_logs')
  })

  test('rows show who, action, target and before → after; filters narrow them and stay in the URL', async ({
    visit,
    assert,
  }) => {
    const admin = await demoUser(DEMO.admin)
    const manager = await demoUser(DEMO.manager)
    await db.transaction((trx) =>
      recordStaffAction(trx, {
        staff: manager,
        ip: '198.51.100.30',
        action: 'deposit.approve',
        target: { type: 'deposit', id: 41 },
        before: { status: 'pending' },
        after: { status: 'approved' },
      })
    )
    await db.transaction((trx) =>
      recordStaffAction(trx, {
        staff: admin,
        ip: '198.51.100.31',
        action: 'gateway.update',
        target: { type: 'gateway', id: 'stripe' },
        before: { key1: 'sk_live_old', fee: '1' },
        after: { key1: 'sk_live_new', fee: '2' },
        secretFields: ['key1'],
      })
    )

    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/audit')
    await page.assertText(TOTAL, 'Total: 2')
    const table = page.locator('[data-testid=audit-log]').first()
    const text = await table.innerText()
    assert.include(text, 'Status: pending → approved')
    assert.include(text, 'Secret Key: [redacted] → [redacted]')
    assert.include(text, 'Fee: 1 → 2')
    assert.include(text, 'Deposit #41')
    assert.include(text, DEMO.manager)
    assert.notInclude(text, 'sk_live')

    await choose(page, 'audit-filter-action', 'Deposit approved')
    await page.assertText(TOTAL, 'Total: 1')
    assert.equal(new URL(page.url()).searchParams.get('action'), 'deposit.approve')
    await page.reload()
    await page.assertText(TOTAL, 'Total: 1')

    await page.locator('[data-testid=audit-filter-clear]').click()
    await page.assertText(TOTAL, 'Total: 2')

    // A bad target id is refused by the server: its message shows and the rows stay.
    await page.locator(TARGET_ID).first().fill('no spaces')
    await page.locator(TARGET_ID).first().press('Enter')
    await page
      .getByText('Target ID must be an id or a key', { exact: false })
      .waitFor({ timeout: 5000 })
    await page.assertText(TOTAL, 'Total: 2')
    await page.locator(TARGET_ID).first().fill('stripe')
    await page.locator(TARGET_ID).first().press('Enter')
    await page.assertText(TOTAL, 'Total: 1')
    assert.equal(new URL(page.url()).searchParams.get('targetId'), 'stripe')
    await page.locator(TARGET_ID).first().fill('')
    await page.locator(TARGET_ID).first().press('Enter')
    await page.assertText(TOTAL, 'Total: 2')

    // The ID header sorts on the server, oldest first, and the sort stays in the URL.
    const firstRowSays = (wanted: string) =>
      table.locator('tbody tr').first().filter({ hasText: wanted }).waitFor()
    await firstRowSays('Gateway updated')
    await table.locator('th', { hasText: 'ID' }).first().click()
    await page.waitForURL((url) => url.searchParams.get('order') === 'asc')
    assert.equal(new URL(page.url()).searchParams.get('sort'), 'id')
    await firstRowSays('Deposit approved')
    await page.reload()
    await firstRowSays('Deposit approved')

    // The menu leads here for role 1.
    await page.assertExists('a[href="/admin/audit"]')
  })
})
