import { test } from '@japa/runner'
import User from '#models/user'
import Balance from '#models/balance'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { fund } from '#tests/helpers/withdrawals'

test.group('Browser: mandatory pricing plan', (group) => {
  isolate(group)

  test('a customer without a plan must pick one; a paid plan is confirmed naming its price and the real wallet that pays (issue 21 items 3, 8)', async ({
    visit,
    assert,
  }) => {
    const newcomer = await User.findByOrFail('email', 'newcomer@demo.test')
    const real = await Balance.query()
      .where('user_id', newcomer.id)
      .where('mode', 'real')
      .firstOrFail()
    await fund(real.id, '1000')
    const page = await visit('/')
    await loginThroughForm(page, 'newcomer@demo.test')
    await page.assertVisible('[data-testid=plan-modal]')
    // The modal cannot be dismissed.
    await page.keyboard.press('Escape')
    await page.assertVisible('[data-testid=plan-modal]')

    const silver = page
      .locator('[data-testid=plan-modal] [data-testid^=plan-]', { hasText: 'Silver' })
      .getByRole('button', { name: 'Subscribe' })
    await silver.click()
    // The confirmation names the price and the wallet; Cancel charges nothing.
    const dialog = page.locator('[data-testid=subscribe-confirm]')
    await dialog.getByText('Silver costs $250.00. It is paid from your Real USD wallet.').waitFor()
    await page.locator('[data-testid=subscribe-confirm-cancel]').click()
    await dialog.waitFor({ state: 'detached' })
    assert.equal((await Balance.findOrFail(real.id)).balance, '1000')

    await silver.click()
    await page.locator('[data-testid=subscribe-confirm-confirm]').click()
    await page.waitForLoadState('networkidle')
    await page.assertNotExists('[data-testid=plan-modal]')
    // The demo wallet (active, in the top bar) is untouched; the real one paid.
    await page.assertText('[data-testid=figure-balance]', '$10,000.00')
    assert.equal((await Balance.findOrFail(real.id)).balance, '750')
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
