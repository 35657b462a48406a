/*
| The walk's dialogs (issue 21 item 8): what a page shows only after a click — Add User on
| the customers page, the CSV upload, the balance dialog, the order dialog with a wrong
| take-profit and letters typed, the paid plan's confirmation, the chart after a resize —
| at 1440 and 390 px, in English and Spanish. Screenshots in tmp/walk/dialogs/.
|
|   PORT=3407 CUSTOMER_ID=3 node scripts/walk/dialogs.mjs
*/
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { TOTP } from 'otpauth'

const BASE = `http://localhost:${process.env.PORT ?? '3333'}`
const OUT = 'tmp/walk/dialogs'
mkdirSync(OUT, { recursive: true })
let lastStep = 0
async function freshCode() {
  let step = Math.floor(Date.now() / 30000)
  while (step <= lastStep) {
    await new Promise((r) => setTimeout(r, 1000))
    step = Math.floor(Date.now() / 30000)
  }
  lastStep = step
  return new TOTP({ secret: 'BROKERDEMOSTAFFTWOFACTORKEY2345A' }).generate()
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
async function signIn(email) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  context.setDefaultTimeout(20000)
  const page = await context.newPage()
  await page.goto(`${BASE}/`)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'demo12345')
  await page.press('input[name=password]', 'Enter')
  await page.waitForURL(/two-factor|dashboard/)
  if (page.url().includes('two-factor')) {
    await page.fill('input[name=code]', await freshCode())
    await page.click('[data-testid=two-factor-submit]')
    await page.waitForURL((u) => !u.pathname.includes('two-factor'))
  }
  current = page
  return page
}
const settle = (page) => page.waitForTimeout(1200)
async function shot(page, name) {
  await page.screenshot({ path: `${OUT}/${name}.png` })
  console.log(name)
}
let current
async function step(label, fn) {
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('step timed out')), 60000)),
    ])
  } catch (e) {
    console.log(`${label} FAILED ${e.message.split('\n')[0]}`)
    await current
      ?.screenshot({ path: `${OUT}/failed-${label.replace(/\W+/g, '-')}.png`, timeout: 10000 })
      .catch(() => {})
  }
}
const only = process.argv.slice(2)
const want = (k) => !only.length || only.includes(k)

if (want('staff')) {
  const admin = await signIn('admin@demo.test')
  for (const lang of ['en', 'es']) {
    await admin.evaluate((l) => localStorage.setItem('lang', l), lang)
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      await admin.setViewportSize({ width: w, height: h })
      const tag = `${w}-${lang}`
      await step(`add user ${tag}`, async () => {
        await admin.goto(`${BASE}/admin/customers/all`)
        await admin.click('[data-testid=customer-add]')
        await settle(admin)
        await shot(admin, `customer-add-${tag}`)
      })
      await step(`upload ${tag}`, async () => {
        await admin.goto(`${BASE}/admin/crm/sales/all`)
        await admin.click('[data-testid=leads-upload]')
        await settle(admin)
        await shot(admin, `lead-upload-${tag}`)
      })
      await step(`balance ${tag}`, async () => {
        await admin.goto(`${BASE}/admin/customers/edit/${process.env.CUSTOMER_ID ?? 3}`)
        await settle(admin)
        await admin.screenshot({ path: `${OUT}/customer-edit-${tag}.png`, fullPage: true })
        await admin.locator('[data-testid^=customer-balance-add-]').first().click()
        await settle(admin)
        await shot(admin, `balance-add-${tag}`)
        await admin.keyboard.press('Escape')
      })
      await step(`trades tab ${tag}`, async () => {
        await admin.getByRole('tab', { name: lang === 'es' ? 'Operaciones' : 'Trades' }).click()
        await settle(admin)
        await admin.screenshot({ path: `${OUT}/customer-trades-${tag}.png`, fullPage: true })
      })
    }
  }
}
if (want('customer')) {
  const page = await signIn('customer@demo.test')
  for (const lang of ['en', 'es']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang)
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h })
      const tag = `${w}-${lang}`
      await step(`order ${tag}`, async () => {
        await page.goto(`${BASE}/dashboard`)
        await page.fill('[data-testid=instrument-search]', 'eur usd')
        await page.click('[data-testid=search-results] [data-testid=buy-EUR_USD]')
        const dialog = page.locator('[role=dialog]')
        await dialog.locator('[data-testid=order-price]').waitFor()
        await dialog.getByRole('switch').first().check({ force: true })
        const profit = dialog.locator('input[data-testid=order-profit]')
        await profit.pressSequentially('abc')
        console.log(`  letters typed in take-profit: "${await profit.inputValue()}"`)
        await profit.fill('0.5')
        await settle(page)
        await shot(page, `order-invalid-tp-${tag}`)
        await page.keyboard.press('Escape')
      })
    }
  }
  await step('chart resize', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${BASE}/dashboard`)
    await settle(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await settle(page)
    await shot(page, 'chart-after-shrink-390')
    await page.setViewportSize({ width: 1440, height: 900 })
    await settle(page)
    await shot(page, 'chart-after-grow-1440')
  })
}
if (want('newcomer')) {
  const page = await signIn('newcomer@demo.test')
  for (const lang of ['en', 'es']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang)
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h })
      const tag = `${w}-${lang}`
      await step(`plan ${tag}`, async () => {
        await page.goto(`${BASE}/dashboard`)
        await page.locator('[data-testid=plan-modal]').waitFor()
        await settle(page)
        await shot(page, `plan-modal-${tag}`)
        await page
          .locator('[data-testid=plan-modal] [data-testid^=plan-]', { hasText: 'Silver' })
          .getByRole('button')
          .first()
          .click()
        await settle(page)
        await shot(page, `plan-confirm-${tag}`)
      })
    }
  }
}
await browser.close()
