import { test } from '@japa/runner'
import User from '#models/user'
import Balance from '#models/balance'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'

test.group('Browser: mandatory pricing plan', (group) => {
  isolate(group)

  test('a customer without a plan must pick one; the price is charged to the active wallet', async ({
    visit,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'newcomer@demo.test')
    await page.assertVisible('[data-testid=plan-modal]')
    // The modal cannot be dismissed.
    await page.keyboard.press('Escape')
    await page.assertVisible('[data-testid=plan-modal]')

    await page
      .locator('[data-testid=plan-modal] [data-testid^=plan-]', { hasText: 'Silver' })
      .getByRole('button', { name: 'Subscribe' })
      .click()
    await page.waitForLoadState('networkidle')
    await page.assertNotExists('[data-testid=plan-modal]')
    await page.assertText('[data-testid=figure-balance]', '$9,750.00')
  })

  test('a plan the wallet cannot pay shows Not enough balance and leads to deposits', async ({
    visit,
  }) => {
    const newcomer = await User.findByOrFail('email', 'newcomer@demo.test')
    await switchWalletTo(newcomer, 'real')
    const page = await visit('/')
    await loginThroughForm(page, 'newcomer@demo.test')
    await page
      .locator('[data-testid=plan-modal] [data-testid^=plan-]', { hasText: 'Gold' })
      .getByRole('button', { name: 'Subscribe' })
      .click()
    await page.assertTextContains('[data-toast]', 'Not enough balance')
    await page.waitForURL('**/deposits')
  })
})

async function switchWalletTo(user: User, mode: 'demo' | 'real') {
  const wallet = await Balance.query().where('user_id', user.id).where('mode', mode).firstOrFail()
  user.activeBalanceId = wallet.id
  await user.save()
}
