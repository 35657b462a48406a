import { test } from '@japa/runner'
import type { Page } from 'playwright'
import Lead from '#models/lead'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'

/** Selects a row of the leads table by its id cell (a press on a row toggles its selection). */
async function selectRow(page: Page, id: number) {
  await page.locator(`[data-testid=leads] tr[data-key="${id}"] td`).nth(1).click()
}

test.group('Browser: the leads desks', (group) => {
  isolate(group)

  test('bulk move from Sales to Retentions, assign a retention agent, who then sees them on their desk', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const retention = await demoUser(DEMO.retention)
    const leads = [
      await Lead.create({
        email: 'walk1@deskwalk.test',
        firstName: 'Wanda',
        lastName: 'Walker',
        group: 'sales',
        source: 'manual',
      }),
      await Lead.create({
        email: 'walk2@deskwalk.test',
        firstName: 'Wilma',
        lastName: 'Walker',
        group: 'sales',
        source: 'live',
      }),
    ]
    const admin = await signedInPage(browser, DEMO.admin)
    cleanup(() => admin.context().close())
    await admin.goto('/admin/crm/sales/all?search=deskwalk', { timeout: 90_000 })
    await admin.locator('main h1', { hasText: 'All Leads' }).waitFor()
    await admin.locator('[data-testid=leads-total]', { hasText: 'Total: 2' }).waitFor()

    // Nothing selected: the bulk buttons are disabled.
    assert.isTrue(await admin.locator('[data-testid=leads-move-retentions]').isDisabled())
    for (const lead of leads) await selectRow(admin, lead.id)
    await admin.locator('[data-testid=leads-move-retentions]').click()
    await admin.locator('[data-toast]', { hasText: 'Lead moved successfully' }).first().waitFor()
    await admin.locator('[data-testid=leads-total]', { hasText: 'Total: 0' }).waitFor()
    for (const lead of leads) {
      await lead.refresh()
      assert.equal(lead.group, 'retentions')
    }

    // On the Retentions desk the admin assigns them to the retention agent.
    await admin.goto('/admin/crm/retention?search=deskwalk')
    await admin.locator('[data-testid=leads-total]', { hasText: 'Total: 2' }).waitFor()
    for (const lead of leads) await selectRow(admin, lead.id)
    await admin.locator('[data-testid=leads-assign]').click()
    await admin.locator(`[data-testid=leads-assign-dialog-agent-${retention.id}]`).click()
    await admin
      .locator('[data-toast]', { hasText: 'Agents assigned successfully' })
      .first()
      .waitFor()
    for (const lead of leads) {
      await lead.refresh()
      assert.equal(lead.retAgentId, retention.id)
    }

    // The retention agent finds them on their desk, e-mail masked (showUserInfoAgent is off in the demo).
    const agentPage = await signedInPage(browser, DEMO.retention)
    cleanup(() => agentPage.context().close())
    await agentPage.goto('/admin/crm/retention?search=walker')
    await agentPage.locator('[data-testid=leads-total]', { hasText: 'Total: 2' }).waitFor()
    await agentPage.locator('[data-testid=leads]').getByText('Wanda').waitFor()
    assert.equal(await agentPage.getByText('walk1@deskwalk.test').count(), 0)
    // No assign, agent filter or Send to Sales for a retention agent; Bulk archive is there.
    assert.equal(await agentPage.locator('[data-testid=leads-assign]').count(), 0)
    assert.equal(await agentPage.locator('[data-testid=leads-agent-filter]').count(), 0)
    assert.equal(await agentPage.locator('[data-testid=leads-move-sales]').count(), 0)
    assert.equal(await agentPage.locator('[data-testid=leads-move-archived]').count(), 1)
  }).timeout(180_000)

  test('add a note and see its 12-character preview', async ({ browser, assert, cleanup }) => {
    const lead = await Lead.create({
      email: 'noted@deskwalk.test',
      firstName: 'Nora',
      lastName: 'Noted',
      group: 'sales',
      source: 'manual',
    })
    const admin = await signedInPage(browser, DEMO.admin)
    cleanup(() => admin.context().close())
    await admin.goto('/admin/crm/sales/all?search=noted%40deskwalk', { timeout: 90_000 })
    await admin.locator('[data-testid=leads-total]', { hasText: 'Total: 1' }).waitFor()
    await admin.locator(`[data-testid=lead-notes-${lead.id}-open]`).click()
    const dialog = admin.locator(`[data-testid=lead-notes-${lead.id}]`)
    await dialog.locator('input[name=content]').fill('Interested in gold, call back Friday')
    await dialog.locator(`[data-testid=lead-notes-${lead.id}-submit]`).click()
    await admin.locator('[data-toast]', { hasText: 'Notes created successfully' }).first().waitFor()
    await dialog.getByText('Interested in gold, call back Friday').waitFor()
    await admin.keyboard.press('Escape')
    await admin
      .locator(`[data-testid=lead-notes-${lead.id}-preview]`, { hasText: 'Interested i…' })
      .waitFor()
    assert.equal(
      await admin.locator(`[data-testid=lead-notes-${lead.id}-preview]`).innerText(),
      'Interested i…'
    )
  }).timeout(180_000)
})
