import { test } from '@japa/runner'
import PromoCode from '#models/promo_code'
import SalesStatus from '#models/sales_status'
import Team from '#models/team'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'

test.group('Browser: CRM configuration', (group) => {
  isolate(group)

  test('an admin adds a status and makes it the default, then adds a team with a member', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const agent = await UserFactory.apply('agent').merge({ fullName: 'Bea Browser' }).create()
    const admin = await signedInPage(browser, DEMO.admin)
    cleanup(() => admin.context().close())
    await admin.goto('/admin/crm-config/sales-statuses', { timeout: 90_000 })
    const table = admin.locator('[data-testid=sales-statuses]')
    await table.getByText('New').first().waitFor()

    // The spec's message, then a status saved as the default.
    await admin.locator('[data-testid=sales-status-add]').click()
    const form = admin.locator('[data-testid=sales-status-form]')
    await admin.locator('[data-testid=sales-status-submit]').click()
    await form.getByText('Status is required').waitFor()
    await form.locator('input[name=status]').fill('Browser Hot')
    await form.locator('[data-testid=switch-isDefault]').click()
    await admin.locator('[data-testid=sales-status-submit]').click()
    await admin
      .locator('[data-toast]', { hasText: 'Sales status added successfully' })
      .first()
      .waitFor()
    const row = table.locator('tr', { hasText: 'Browser Hot' })
    await row.getByText('Yes').waitFor()
    await table.locator('tr', { hasText: /^New/ }).getByText('No').waitFor()
    const hot = await SalesStatus.findByOrFail('status', 'Browser Hot')
    assert.isTrue(hot.isDefault)
    assert.deepEqual(
      (await SalesStatus.query().where('is_default', true)).map((s) => s.id),
      [hot.id]
    )

    // A team: name, manager and one member row.
    await admin.goto('/admin/crm-config/teams')
    await admin.locator('[data-testid=team-add]').click()
    const teamForm = admin.locator('[data-testid=team-form]')
    await admin.locator('[data-testid=team-submit]').click()
    await teamForm.getByText('Name is required').waitFor()
    await teamForm.getByText('Manager is required').waitFor()
    await teamForm.locator('input[name=name]').fill('Browser Desk')
    await teamForm.locator('button[data-slot=trigger]').first().click()
    await admin.locator('[role=option]').filter({ hasText: DEMO.manager }).click()
    await teamForm.locator('[data-testid=team-member-0]').click()
    await admin.locator('[role=option]').filter({ hasText: 'Bea Browser' }).click()
    await admin.locator('[data-testid=team-submit]').click()
    await admin.locator('[data-toast]', { hasText: 'Team added successfully' }).first().waitFor()
    await admin
      .locator('[data-testid=teams]')
      .locator('tr', { hasText: 'Browser Desk' })
      .getByText('Max Manager')
      .waitFor()
    const team = await Team.query().where('name', 'Browser Desk').preload('members').firstOrFail()
    assert.match(team.code, /^T-/)
    assert.deepEqual(
      team.members.map((m) => m.id),
      [agent.id]
    )

    // Editing it starts from its member; removing the only row leaves "none", which saves as no member.
    await admin.locator(`[data-testid=team-edit-${team.id}]`).click()
    const editForm = admin.locator('[data-testid=team-form]')
    await editForm.locator('input[name=name]').waitFor()
    assert.equal(await editForm.locator('input[name=name]').inputValue(), 'Browser Desk')
    await editForm.locator('[data-testid=team-member-0]').getByText('Bea Browser').waitFor()
    await editForm.getByRole('button', { name: 'Remove' }).click()
    await editForm.locator('[data-testid=team-member-0]').getByText('Choose a member').waitFor()
    await admin.locator('[data-testid=team-submit]').click()
    await admin.locator('[data-toast]', { hasText: 'Team updated successfully' }).first().waitFor()
    await editForm.waitFor({ state: 'detached' })
    await team.load('members')
    assert.lengthOf(team.members, 0)
  }).timeout(180_000)

  test('a manager opens the promo code page and generates a code', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const manager = await demoUser(DEMO.manager)
    const page = await signedInPage(browser, DEMO.manager)
    cleanup(() => page.context().close())
    await page.goto('/admin/promo-code', { timeout: 90_000 })
    const field = page.locator('input[data-testid=promo-code]')
    await field.waitFor()
    assert.equal(await field.inputValue(), '')
    await page.locator('[data-testid=promo-code-generate]').click()
    await page
      .locator('[data-toast]', { hasText: 'Promo code generated successfully' })
      .first()
      .waitFor()
    // The page reloads its props after the request: the field fills with the new code.
    // A function, not a string: a string predicate is re-evaluated with eval, which the CSP refuses.
    await page.waitForFunction(
      () =>
        (globalThis as any).document.querySelector('input[data-testid=promo-code]')?.value
          .length === 10
    )
    const shown = await field.inputValue()
    const active = await PromoCode.query()
      .where('created_by_id', manager.id)
      .where('is_active', true)
      .firstOrFail()
    assert.equal(shown, active.code)
    assert.match(shown, /^[A-Z0-9]{10}$/)
  }).timeout(180_000)
})
