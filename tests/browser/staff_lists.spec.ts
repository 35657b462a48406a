import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'
import { pendingDeposit } from '#tests/helpers/deposits'
import { UserFactory } from '#database/factories/user_factory'
import Deposit from '#models/deposit'

const SEARCH =
  'input[data-testid=deposit-history-search], [data-testid=deposit-history-search] input'

test.group('Browser: staff lists keep their state in the URL', (group) => {
  isolate(group)
  group.each.setup(async () => {
    await Deposit.query().delete()
  })

  test('Deposit History searches on the server; a reload shows the same rows', async ({
    visit,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const other = await UserFactory.create()
    await pendingDeposit(customer, 'bank')
    const theirs = await pendingDeposit(other, 'bank')

    const page = await visit('/')
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/deposits')
    await page.assertText('[data-testid=deposit-history-total]', 'Total: 2')

    await page.locator(SEARCH).first().fill(other.email)
    await page.assertText('[data-testid=deposit-history-total]', 'Total: 1')
    await page.assertExists(`[data-testid=approve-${theirs.id}]`)
    assert.equal(new URL(page.url()).searchParams.get('search'), other.email)

    await page.reload()
    assert.equal(await page.locator(SEARCH).first().inputValue(), other.email)
    await page.assertText('[data-testid=deposit-history-total]', 'Total: 1')
    await page.assertExists(`[data-testid=approve-${theirs.id}]`)

    await page.locator(SEARCH).first().fill('')
    await page.assertText('[data-testid=deposit-history-total]', 'Total: 2')
    assert.isNull(new URL(page.url()).searchParams.get('search'))
  })
})
