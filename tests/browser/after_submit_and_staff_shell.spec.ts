import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, openMenuAt } from '#tests/helpers/browser'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'
import { notifyUser } from '#services/notification_service'
import { userChannelReady } from '#tests/helpers/live'

test.group('Browser: a form after a successful submit', (group) => {
  isolate(group)

  test('the cleared password form shows no "required" message beside the success toast', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.goto('/security')
    await page.locator('input[name=currentPassword]').fill(DEMO_PASSWORD)
    await page.locator('input[name=newPassword]').fill('another-Password-9')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains('[data-toast]', 'Password changed successfully')
    assert.equal(await page.locator('input[name=currentPassword]').inputValue(), '')
    const body = await page.locator('main').innerText()
    assert.notInclude(body, 'is required')
    assert.notInclude(body, 'must be at least')
  })
})

test.group('Browser: what staff are offered', (group) => {
  isolate(group)

  test('Profile in the back-office user menu opens their own profile; no plan page, link or panel', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.manager)
    await page.assertNotExists('[data-testid=pricing-panel]')
    await page.goto('/admin/deposits')
    await (
      await openMenuAt(page, '[data-testid=staff-user-menu]', { role: 'menuitem', name: 'Profile' })
    ).click()
    // CRM spec §2.1: Profile goes to /admin/customers/edit/{id of the signed-in user}.
    const manager = await demoUser(DEMO.manager)
    await page.waitForURL(`**/admin/customers/edit/${manager.id}`)
    await page.locator('[data-testid=customer-profile-form]').waitFor()
    await page.goto('/profile')
    await page.assertNotExists('[data-testid=account-sidebar] a[href="/pricing"]')
    const refused = await page.goto('/pricing')
    assert.equal(refused?.status(), 403)

    // Every link of the back-office menu leads to a page.
    await page.goto('/admin/deposits')
    // evaluateAll does not wait: let the menu render first.
    await page.locator('[data-testid=staff-menu] a').first().waitFor()
    const hrefs = await page
      .locator('[data-testid=staff-menu] a')
      .evaluateAll((links) => links.map((a) => (a as any).getAttribute('href') as string))
    assert.isAbove(hrefs.length, 0)
    for (const href of hrefs) {
      const response = await page.request.get(href)
      assert.equal(response.status(), 200, href)
    }
  })
})

test.group('Browser: toasts', (group) => {
  isolate(group)

  test('a long toast shows its whole text, wrapped, never cut with an ellipsis', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    const customer = await demoUser(DEMO.customer)
    await userChannelReady(customer.id)
    const title =
      'The wallet no longer holds enough to pay this withdrawal; decline it instead of approving it'
    await notifyUser(customer.id, {
      title,
      description:
        'Your withdrawal #12 of 100.00 USD was declined: the bank account is not in your name.',
    })
    const toast = page.locator('[data-toast]', { hasText: 'decline it instead' })
    await toast.waitFor()
    const cut = await toast.evaluate((root: any) =>
      [...root.querySelectorAll('*')]
        .filter((el: any) => el.children.length === 0 && el.textContent.trim())
        .filter(
          (el: any) =>
            el.scrollWidth > el.clientWidth + 1 ||
            (globalThis as any).getComputedStyle(el).whiteSpace === 'nowrap'
        )
        .map((el: any) => {
          const style = (globalThis as any).getComputedStyle(el)
          return `${el.textContent} ${el.scrollWidth}/${el.clientWidth} ${style.whiteSpace} ${style.textOverflow} ${el.className}`
        })
    )
    assert.deepEqual(cut, [])
    assert.include(await toast.innerText(), title)
  })
})
