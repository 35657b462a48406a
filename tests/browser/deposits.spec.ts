import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import PaymentGateway from '#models/payment_gateway'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, signedInPage } from '#tests/helpers/browser'
import { DEMO, balanceMatchesLedger, demoUser } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { withoutOtherDeposits } from '#tests/helpers/deposits'
import { SAMPLE_PNG, forgetFile, removeKycFilesAfterEach } from '#tests/helpers/kyc'

test.group('Browser: deposits', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  removeKycFilesAfterEach(group)

  test('a bank deposit with its proof, approved by the admin, reaches the balance and the notifications', async ({
    visit,
    browser,
    assert,
  }) => {
    await PaymentGateway.query().where('value', 'bank').update({ fee: '1' })
    const customer = await demoUser(DEMO.customer)
    const wallet = await realWalletOf(customer)
    const before = money(wallet.balance)
    const proofPath = join(tmpdir(), `deposit-proof-${process.pid}-${Date.now()}.png`)
    await writeFile(proofPath, SAMPLE_PNG)

    try {
      // The customer picks the bank transfer; the summary adds the gateway's 1 % fee.
      const page = await visit('/')
      await loginThroughForm(page, DEMO.customer)
      await page.goto('/deposits')
      await page.assertNotExists('[data-testid=kyc-warning]')
      await page.locator('[data-testid=gateway-bank]').click()
      await page.locator('input[name=amount]').fill('500')
      await page.assertText('[data-testid=summary-amount]', '$500.00')
      await page.assertText('[data-testid=summary-fee]', '$5.00')
      await page.assertText('[data-testid=summary-total]', '$505.00')
      await page.locator('[data-testid=deposit-submit]').click()

      // The bank page shows where to send the money, then takes the proof.
      await page.waitForURL('**/deposits/bank/*')
      await page.assertTextContains('[data-testid=bank-details]', 'DE89370400440532013000')
      await page.assertTextContains('[data-testid=bank-details]', '$505.00')
      assert.equal(await page.locator('input[name=account_name]').inputValue(), 'Carla Customer')
      await page.locator('[data-testid=bank-deposit-submit]').click()
      await page.assertTextContains('[data-testid=bank-deposit-form]', 'Bank name is required')
      await page.assertTextContains('[data-testid=bank-deposit-form]', 'Proof is required')
      await page.locator('input[name=bank_name]').fill('Sender Bank plc')
      await page.locator('input[name=account_number]').fill('GB29NWBK60161331926819')
      await page.locator('input[name=proof]').setInputFiles(proofPath)
      await page.locator('[data-testid=bank-deposit-submit]').click()

      // Always back on /deposits with the pending result.
      await page.waitForURL('**/deposits?status=pending&amount=505.00')
      await page.getByRole('dialog').getByText('Deposit Submitted').waitFor()
      await page.getByRole('button', { name: 'OK' }).click()
      const deposit = await Deposit.query().where('balance_id', wallet.id).firstOrFail()
      forgetFile(deposit.proofPath)
      assert.equal(deposit.status, 'pending')
      assert.isNotNull(deposit.proofPath)

      // The admin sees the sender and the proof, and approves.
      const staff = await signedInPage(browser, DEMO.admin)
      await staff.goto('/admin/deposits')
      await staff.assertTextContains(`[data-testid=deposit-bank-${deposit.id}]`, 'Sender Bank plc')
      const proofHref = await staff
        .locator(`[data-testid=deposit-proof-${deposit.id}]`)
        .getAttribute('href')
      const proof = await staff.request.get(proofHref!)
      assert.equal(proof.status(), 200)
      assert.equal(proof.headers()['content-type'], 'image/png')
      await staff.locator(`[data-testid=approve-${deposit.id}]`).click()
      await staff.assertTextContains(
        '[data-testid=deposit-confirm]',
        'Are you sure to approve this deposit?'
      )
      await staff.locator('[data-testid=deposit-confirm-confirm]').click()
      // The customer is told live; toasts last 4 s, so look before the admin's own checks.
      await page.locator('[data-toast]', { hasText: 'Deposit approved' }).waitFor()
      await staff.locator('[data-toast]', { hasText: 'Deposit approved successfully' }).waitFor()
      await staff.assertText(`[data-testid=deposit-status-${deposit.id}]`, 'approved')
      await staff.context().close()

      // The notification joins the list, and the History shows the deposit credited.
      await page.locator('[data-testid=notifications-button]').click()
      await page.assertTextContains('ul[data-testid=notifications-list]', 'Deposit approved')
      await page.keyboard.press('Escape')

      const after = await Balance.findOrFail(wallet.id)
      assert.equal(money(after.balance).minus(before).toFixed(2), '500.00')
      assert.isTrue(await balanceMatchesLedger(wallet.id))
      await page.reload()
      await page.getByRole('tab', { name: 'History' }).click()
      await page.assertText(`[data-testid=deposit-status-${deposit.id}]`, 'approved')
    } finally {
      await rm(proofPath, { force: true })
    }
  })

  test('a customer without approved KYC sees the warning and cannot submit a deposit', async ({
    visit,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.newcomer)
    await page.goto('/deposits')
    await page.assertTextContains(
      '[data-testid=kyc-warning]',
      'Please verify KYC to enable deposit'
    )
    await page.assertExists('[data-testid=kyc-warning] a[href="/kyc"]')
    await page.assertDisabled('[data-testid=deposit-submit]')
  })
})
