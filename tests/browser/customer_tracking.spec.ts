import { test } from '@japa/runner'
import transmit from '@adonisjs/transmit/services/main'
import { waitFor } from '#tests/fakes/net'
import { trackChannel } from '#domain/channels'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, signedInPage } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'

/*
| Issue 14 item 3 (CRM spec §2.9): the Tracking tab of the edit customer page
| lists the pages the customer opens, live, each URL once.
*/
test.group('Browser: live tracking of a customer', (group) => {
  isolate(group)

  test('the Tracking tab fills live as the customer browses in a second context', async ({
    visit,
    browser,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const admin = await visit('/')
    await loginThroughForm(admin, DEMO.admin)
    await admin.goto(`/admin/customers/edit/${customer.id}`)
    await admin.locator('[data-testid=customer-tab-tracking]').click()
    await admin.assertTextContains('[data-testid=tracking-list]', 'No data found')
    // The tab has subscribed (the test server runs in this process).
    await waitFor(
      () => transmit.getManager().findByChannel(trackChannel(customer.id)).size > 0,
      `a subscriber on ${trackChannel(customer.id)}`,
      15_000
    )

    const browsing = await signedInPage(browser, DEMO.customer)
    try {
      await browsing.waitForURL('**/dashboard')
      await browsing.goto('/profile')
      await browsing.goto('/statements')
      await browsing.goto('/profile')

      const rows = admin.locator('[data-testid=tracking-row]')
      await rows.nth(2).waitFor({ timeout: 10_000 })
      // The second visit to /profile is not listed again: newest first, each URL once.
      await admin.waitForTimeout(500)
      const urls = await admin.locator('[data-testid=tracking-url]').allInnerTexts()
      assert.deepEqual(urls, ['/statements', '/profile', '/dashboard'])
      const times = await admin.locator('[data-testid=tracking-time]').allInnerTexts()
      for (const time of times) assert.match(time, /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)
    } finally {
      await browsing.context().close()
    }
  })
})
