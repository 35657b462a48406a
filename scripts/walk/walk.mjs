/*
| The product walk (issue 21, "Done when"): signs in as each demo role, visits every page of
| its menu at 1440×900 and 390×844, in English and in Spanish, and saves a full-page
| screenshot of each into tmp/walk/<role>/ with a report (tmp/walk/report.json) of what a
| machine can see: the page wider than the window, text cut off, a failed request.
| The screenshots are for eyes; docs/WALKS.md records what they showed.
|
|   PORT=3407 node scripts/walk/walk.mjs [role ...]      (a running `npm run demo`)
*/
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { TOTP } from 'otpauth'

const BASE = `http://localhost:${process.env.PORT ?? '3333'}`
const PASSWORD = 'demo12345'
const TOTP_KEY = 'BROKERDEMOSTAFFTWOFACTORKEY2345A'
const WIDTHS = [
  [1440, 900],
  [390, 844],
]
const ROLES = {
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  agent: 'agent@demo.test',
  retention: 'retention@demo.test',
  affiliate: 'affiliate@demo.test',
  customer: 'customer@demo.test',
  newcomer: 'newcomer@demo.test',
}
const CUSTOMER_PAGES = [
  '/dashboard',
  '/deposits',
  '/withdraws',
  '/profile',
  '/kyc',
  '/security',
  '/statements',
  '/pricing',
]
const wanted = process.argv.slice(2)
const reportFile = 'tmp/walk/report.json'
const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {}

/** The next 30-second step's code once this one was spent (a code signs an account in once). */
let lastStep = 0
async function freshCode() {
  let step = Math.floor(Date.now() / 30000)
  while (step <= lastStep) {
    await new Promise((r) => setTimeout(r, 1000))
    step = Math.floor(Date.now() / 30000)
  }
  lastStep = step
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: TOTP_KEY }).generate()
}

async function signIn(page, email) {
  await page.goto(`${BASE}/`)
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.locator('input[name=password]').press('Enter')
  await page.waitForURL(/two-factor|dashboard|affiliate|admin/, { timeout: 30000 })
  if (page.url().includes('two-factor')) {
    await page.locator('input[name=code]').fill(await freshCode())
    await page.locator('[data-testid=two-factor-submit]').click()
    await page.waitForURL((url) => !url.pathname.includes('two-factor'), { timeout: 30000 })
  }
  await page.waitForLoadState('networkidle').catch(() => {})
}

/** What a machine can tell about the page: overflow of the page, elements cut off at the right edge. */
async function measure(page) {
  return page.evaluate(() => {
    const doc = document.documentElement
    const width = window.innerWidth
    const out = { pageOverflow: doc.scrollWidth - doc.clientWidth, offRight: [] }
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect()
      if (!r.width || !el.checkVisibility()) continue
      if (r.right > width + 1) {
        // Inside a scroller that clips it: fine (a table scrolls), unless nothing else clips it.
        let p = el.parentElement
        let clipped = false
        while (p && p !== document.body) {
          const s = getComputedStyle(p)
          if (/(auto|scroll|hidden|clip)/.test(s.overflowX)) {
            clipped = true
            break
          }
          p = p.parentElement
        }
        if (!clipped && el.children.length === 0 && el.textContent.trim())
          out.offRight.push(
            `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}" right=${Math.round(r.right)}`
          )
      }
    }
    out.offRight = out.offRight.slice(0, 8)
    return out
  })
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
for (const [role, email] of Object.entries(ROLES)) {
  if (wanted.length && !wanted.includes(role)) continue
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  context.setDefaultNavigationTimeout(90000)
  const page = await context.newPage()
  const failed = []
  page.on(
    'response',
    (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`)
  )
  page.on('pageerror', (e) => failed.push(`pageerror ${e.message.slice(0, 120)}`))
  await signIn(page, email)
  let paths = CUSTOMER_PAGES
  if (!['customer', 'newcomer'].includes(role)) {
    const home = {
      admin: '/admin',
      manager: '/admin/trades/all',
      agent: '/admin/crm/sales/all',
      retention: '/admin/crm/retention',
      affiliate: '/affiliate',
    }
    await page.goto(`${BASE}${home[role]}`)
    await page.locator('aside[data-testid=staff-menu]').waitFor()
    // The menu's sections are an accordion: open each to read its links.
    const triggers = page.locator(
      'aside[data-testid=staff-menu] button[data-slot=trigger][aria-expanded=false]'
    )
    while ((await triggers.count()) > 0) {
      await triggers.first().click()
      await page.waitForTimeout(150)
    }
    paths = await page.evaluate(() => [
      ...new Set(
        [
          ...document.querySelectorAll(
            'aside[data-testid=staff-menu] a[href^="/admin"], aside[data-testid=staff-menu] a[href^="/affiliate"]'
          ),
        ].map((a) => a.getAttribute('href'))
      ),
    ])
    paths.push('/profile', '/security')
    console.log(`${role}: ${paths.length} pages`)
  }
  mkdirSync(`tmp/walk/${role}`, { recursive: true })
  report[role] = {}
  for (const lang of ['en', 'es']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang)
    for (const [w, h] of WIDTHS) {
      await page.setViewportSize({ width: w, height: h })
      for (const path of paths) {
        failed.length = 0
        const name = `${path.replace(/^\//, '').replace(/\//g, '_') || 'home'}-${w}-${lang}`
        if (process.env.WALK_RESUME && existsSync(`tmp/walk/${role}/${name}.png`)) continue
        try {
          await page.goto(`${BASE}${path}`)
          // The live stream keeps the network busy: wait for the translations and the spinners instead.
          await page
            .waitForFunction(
              () => document.documentElement.dataset.translations === 'ready',
              null,
              { timeout: 10000 }
            )
            .catch(() => {})
          await page
            .waitForFunction(
              () =>
                !document.querySelector(
                  '[aria-label="Loading..."], [data-slot=spinner], [aria-busy=true]'
                ),
              null,
              { timeout: 8000 }
            )
            .catch(() => {})
          await page.waitForTimeout(500)
          await page.screenshot({ path: `tmp/walk/${role}/${name}.png`, fullPage: true })
          const m = await measure(page)
          report[role][name] = { ...m, failed: [...failed] }
          const flags = [
            m.pageOverflow > 0 && `page +${m.pageOverflow}px`,
            m.offRight.length && `cut ${m.offRight.length}`,
            failed.length && failed.join(','),
          ].filter(Boolean)
          console.log(`${role} ${name} ${flags.join(' | ')}`)
        } catch (error) {
          console.log(`${role} ${name} FAILED ${error.message.split('\n')[0]}`)
        }
      }
    }
  }
  await context.close()
  writeFileSync(reportFile, JSON.stringify(report, null, 2))
}
await browser.close()
