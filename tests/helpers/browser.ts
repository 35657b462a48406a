import type { Browser, Locator, Page, Request } from 'playwright'
import { DEMO_PASSWORD } from '#tests/helpers/users'
import { secondFactorCodeFor } from '#tests/helpers/two_factor'

/**
 * Logs in through the login form and waits for the dashboard. An account with
 * a second factor (all staff) takes the code step with a fresh single-use
 * recovery code, so no test waits for the next 30-second TOTP step.
 */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  const code = await secondFactorCodeFor(email)
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(password)
  // Enter submits in any language (the button's label is translated).
  await page.locator('input[name=password]').press('Enter')
  if (code) {
    await page.waitForURL('**/login/two-factor')
    await page.locator('input[name=code]').fill(code)
    await page.locator('[data-testid=two-factor-submit]').click()
  }
  await page.waitForURL('**/dashboard')
}

/** Picks an option of a HeroUI Autocomplete by typing part of it. */
export async function chooseFromAutocomplete(
  page: Page,
  label: string,
  typed: string,
  option: string
) {
  const input = page.getByLabel(label, { exact: true })
  const choice = page.getByRole('option', { name: option, exact: true })
  // The control is fetched after the page paints: text typed into its stand-in opens no list,
  // so type again until the list shows, as a person would.
  for (let attempt = 0; attempt < 5; attempt++) {
    await input.fill('')
    await input.fill(typed)
    const shown = await choice
      .waitFor({ timeout: 5000 })
      .then(() => true)
      .catch(() => false)
    if (shown) break
  }
  await choice.click()
}

/**
 * Opens a menu and waits for one of its items. A press that lands while the
 * page is still settling (its first requests re-rendering the shell) can be
 * lost, and a lost press leaves nothing to wait for: press again until the
 * item shows, as a person would.
 */
export async function openMenuAt(
  page: Page,
  trigger: string,
  item: { role: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox'; name: string | RegExp }
) {
  const option = page.getByRole(item.role, { name: item.name }).first()
  // A half-open menu is closed before the next press.
  await pressUntilShown(page.locator(trigger), option, {
    beforeRetry: () => page.keyboard.press('Escape'),
  })
  return option
}

/**
 * Presses `trigger` until `shown` appears. A press that lands while a dialog's closing animation
 * still holds the page, or while the page re-renders after a save, can be lost: press again, as
 * a person would.
 */
export async function pressUntilShown(
  trigger: Locator,
  shown: Locator,
  options: { attempts?: number; beforeRetry?: () => Promise<void> } = {}
) {
  const attempts = options.attempts ?? 4
  for (let attempt = 1; ; attempt++) {
    await trigger.click()
    try {
      await shown.waitFor({ timeout: 5_000 })
      return
    } catch (error) {
      if (attempt >= attempts) throw error
      await options.beforeRetry?.()
    }
  }
}

/**
 * A second signed-in person in the same test (staff beside a customer): a
 * browser context of its own, so neither session disturbs the other.
 */
export async function signedInPage(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
  })
  const page = await context.newPage()
  await page.goto('/')
  await loginThroughForm(page, email, password)
  return page
}

/**
 * Follows the page's requests (its event stream aside) from now on; `quiet()`
 * resolves once none has been in flight for `quietMs`. A request the page sent
 * before a session change and answered after it sets the old session's cookie
 * again, so a test that changes the session by a call of its own waits for
 * the page's start-up requests first.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>()
  let lastChange = Date.now()
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/__transmit/events') return
    inFlight.add(request)
    lastChange = Date.now()
  })
  const finished = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now()
  }
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)
  return {
    async quiet(quietMs = 500, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`${inFlight.size} requests still in flight`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}
