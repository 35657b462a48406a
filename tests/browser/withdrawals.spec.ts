import { test } from '@japa/runner'
import Balance from '#models/balance'
import Withdrawal from '#models/withdrawal'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import {
  chooseFromAutocomplete,
  loginThroughForm,
  openMenuAt,
  signedInPage,
} from '#tests/helpers/browser'
import { DEMO, balanceMatchesLedger, demoUser } from '#tests/helpers/users'
import { realWalletOf, setWithdrawFees, withoutOtherWithdrawals } from '#tests/helpers/withdrawals'

test.group('Browser: withdrawals', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('a customer requests a withdrawal, staff decline it with a reason, the customer reads it and the hold is gone', async ({
    visit,
    browser,
    assert,
  }) => {
    await setWithdrawFees('1', '2')
    const customer = await demoUser(DEMO.customer)
    const wallet = await realWalletOf(customer)

    // The customer fills the bank form; the summary follows the amount.
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await (
      await openMenuAt(page, '[data-testid=account-menu]', { role: 'menuitem', name: 'Withdraws' })
    ).click()
    await page.waitForURL('**/withdraws')
    await page.assertNotExists('[data-testid=kyc-warning]')
    assert.equal(await page.locator('input[name=account_name]').inputValue(), 'Carla Customer')
    assert.isTrue(
      await page
        .locator('input[name=account_name]')
        .evaluate((el) => (el as { readOnly: boolean }).readOnly)
    )

    // Submitting empty shows the spec's messages under the fields.
    await page.locator('input[name=amount]').fill('')
    await page.locator('input[name=amount]').press('Enter')
    await page.assertTextContains('[data-testid=withdraw-form]', 'Amount is required')
    await page.assertTextContains('[data-testid=withdraw-form]', 'Bank name is required')

    await page.locator('input[name=amount]').fill('150')
    // 1% of 150 + 2 = 3.50; total 153.50.
    await page.assertText('[data-testid=summary-amount]', '$150.00')
    await page.assertText('[data-testid=summary-fee]', '$3.50')
    await page.assertText('[data-testid=summary-total]', '$153.50')
    await page.locator('input[name=bank_name]').fill('Demo Bank AG')
    await page.locator('input[name=account_number]').fill('DE89370400440532013000')
    await page.locator('input[name=swift_code]').fill('COBADEFFXXX')
    await chooseFromAutocomplete(page, 'Country', 'Germ', 'Germany')
    await page.locator('[data-testid=withdraw-submit]').click()
    await page.assertTextContains('[data-toast]', 'Withdraw request submitted successfully')

    const withdrawal = await Withdrawal.query().where('balance_id', wallet.id).firstOrFail()
    assert.equal(withdrawal.status, 'pending')
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '153.50')

    // The History tab lists it pending, with its bank details.
    await page.getByRole('tab', { name: 'History' }).click()
    await page.assertText(`[data-testid=status-${withdrawal.id}]`, 'pending')
    await page.locator(`[data-testid=details-${withdrawal.id}]`).click()
    await page.assertTextContains(`[data-testid=details-${withdrawal.id}-content]`, 'COBADEFFXXX')
    await page.assertTextContains(`[data-testid=details-${withdrawal.id}-content]`, 'Germany')
    await page.keyboard.press('Escape')

    // The manager declines it on Pending Withdraws; the confirmation insists on a reason.
    const staff = await signedInPage(browser, DEMO.manager)
    await staff.goto('/admin/withdraws/pending')
    await staff.assertTextContains('[data-testid=staff-menu]', 'Pending Withdraws')
    await staff.assertTextContains('[data-testid=pending-withdraws]', DEMO.customer)
    await staff.assertTextContains(
      `[data-testid=pending-withdraws-bank-${withdrawal.id}]`,
      'DE89370400440532013000'
    )
    await staff.locator(`[data-testid=decline-${withdrawal.id}]`).click()
    await staff.assertTextContains(
      '[data-testid=withdraw-confirm]',
      'Are you sure to decline this withdraw?'
    )
    await staff.locator('[data-testid=withdraw-confirm-confirm]').click()
    await staff.assertTextContains('[data-testid=withdraw-confirm]', 'Reason is required')
    await staff
      .locator('[data-testid=withdraw-confirm-reason]')
      .fill('The account number does not match our records')
    await staff.locator('[data-testid=withdraw-confirm-confirm]').click()
    await staff.assertTextContains('[data-toast]', 'Withdraw declined successfully')
    await staff.assertTextContains('[data-testid=pending-withdraws]', 'No data found')

    // Withdraw History shows it declined with the reason.
    await staff.goto('/admin/withdraws/history')
    await staff.assertText(`[data-testid=withdraw-history-status-${withdrawal.id}]`, 'declined')
    await staff.assertTextContains(
      '[data-testid=withdraw-history]',
      'The account number does not match our records'
    )
    await staff.context().close()

    // The customer reads the reason; nothing is on hold any more and no money moved.
    await page.goto('/withdraws')
    await page.getByRole('tab', { name: 'History' }).click()
    await page.assertText(`[data-testid=status-${withdrawal.id}]`, 'declined')
    await page.locator(`[data-testid=reason-${withdrawal.id}]`).click()
    await page.assertText(
      `[data-testid=reason-${withdrawal.id}-content]`,
      'The account number does not match our records'
    )

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.onHold).toFixed(2), '0.00')
    assert.equal(money(after.balance).toFixed(2), '25000.00')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
    await page.getByRole('tab', { name: 'Withdraw' }).click()
    await page.locator('[data-testid=withdraw-form] button[data-slot=trigger]').click()
    await page.assertTextContains('[role=listbox]', 'On hold $0.00')
  })

  test('a customer without approved KYC sees the warning and cannot submit', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.newcomer)
    await page.goto('/withdraws')
    await page.assertTextContains(
      '[data-testid=kyc-warning]',
      'Please verify KYC to enable withdraw'
    )
    await page.assertExists('[data-testid=kyc-warning] a[href="/kyc"]')
    await page.assertDisabled('[data-testid=withdraw-submit]')
  })

  test('Withdraw Settings shows the spec’s messages and saves the fees', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/withdraws/settings')
    await page.locator('input[name=feePercentage]').fill('')
    await page.locator('input[name=feeFixed]').fill('')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains(
      '[data-testid=withdraw-settings-form]',
      'Forex spread is required'
    )
    await page.assertTextContains(
      '[data-testid=withdraw-settings-form]',
      'Commodity spread is required'
    )
    await page.locator('input[name=feePercentage]').fill('2.5')
    await page.locator('input[name=feeFixed]').fill('1')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains('[data-toast]', 'Withdraw settings updated successfully')
    settings.forget()
    assert.equal((await settings.rows()).withdrawSettings.value1, '2.5')
  })
})
