/*
| The Spanish walk (issue 10): every page, visited in Spanish by the people
| who use it, with rows in its tables, must show no English. A visible text
| node fails when one of its words is neither Spanish (a word of the Spanish
| dictionary's texts) nor data: names, e-mails, codes, numbers and the rows
| staff typed (gateway, plan and instrument names) are taken out first.
*/
import { test } from '@japa/runner'
import type { Browser, BrowserContext, Page } from 'playwright'
import db from '@adonisjs/lucid/services/db'
import { SPANISH } from '#database/demo/translations'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import { loginThroughForm } from '#tests/helpers/browser'
import { openPosition } from '#tests/helpers/positions'
import { pendingFor } from '#tests/helpers/pending_orders'
import { bankDepositWithProof, configureGateway, pendingDeposit } from '#tests/helpers/deposits'
import { pendingWithdrawal } from '#tests/helpers/withdrawals'
import { removeKycFilesAfterEach, storedDocument } from '#tests/helpers/kyc'
import { DateTime } from 'luxon'
import { recordStaffAction } from '#services/audit_log'
import { notePreview } from '#domain/lead_desks'
import { chargeSwap } from '#tests/helpers/swaps'
import { REDACTED } from '#domain/redaction'
import { openMarkets } from '#tests/helpers/market'

/** Words that are the same in both languages or are names of things, not English prose. */
const SHARED_WORDS = new Set([
  'kyc',
  'id',
  'url',
  'pips',
  'ticket',
  'swift',
  'iban',
  'bic',
  'pdf',
  'png',
  'jpeg',
  'webp',
  'csv',
  'am',
  'pm',
])

const WORD = /[A-Za-zÀ-ÿ]+/g

function spanishVocabulary() {
  const words = new Set<string>(SHARED_WORDS)
  for (const value of Object.values(SPANISH)) {
    for (const word of value.replace(/\{\w+\}/g, ' ').match(WORD) ?? [])
      words.add(word.toLowerCase())
  }
  return words
}

/** What staff and customers typed: shown as it was typed, in any language. */
async function dataTexts() {
  const texts = new Set<string>()
  const add = (rows: Record<string, unknown>[]) =>
    rows.forEach((row) =>
      Object.values(row).forEach((v) => typeof v === 'string' && v.trim() && texts.add(v))
    )
  const users = await db.from('users').select('full_name')
  add(users)
  // Avatars show a name's initials.
  for (const { full_name: name } of users) {
    texts.add(
      String(name)
        .split(/\s+/)
        .slice(0, 2)
        .map((w: string) => w[0]?.toUpperCase())
        .join('')
    )
  }
  add(await db.from('languages').select('name'))
  add(await db.from('payment_gateways').select('key1', 'key2', 'key3', 'key4', 'key5'))
  // Bank details are stored as JSON text.
  for (const table of ['deposits', 'withdrawals']) {
    for (const { description } of await db.from(table).select('description')) {
      if (typeof description !== 'string' || !description.startsWith('{')) continue
      add([JSON.parse(description)])
    }
  }
  add(await db.from('profiles').select('city', 'address', 'country'))
  // A gateway name with a Spanish entry ("Bank Transfer") is the app's own text, to be shown translated.
  add(
    (await db.from('payment_gateways').select('name')).filter(
      ({ name }) => !Object.hasOwn(SPANISH, String(name))
    )
  )
  add(await db.from('external_payments').select('name', 'custom_label', 'custom_value'))
  add(await db.from('pricing_plans').select('name', 'description'))
  add(await db.from('instruments').select('name', 'alias', 'base', 'quote', 'tradingview'))
  // The lot sizes staff named ("0.01 (Micro)"), offered in the order dialog.
  add(await db.from('lot_options').select('label'))
  add(await db.from('settings').where('key', 'appName').select('value1'))
  add(await db.from('kyc_documents').select('decline_reason'))
  add(await db.from('withdrawals').select('decline_reason'))
  // The CRM's rows: leads, their notes and the sales statuses staff named.
  add(
    await db
      .from('leads')
      .select(
        'first_name',
        'last_name',
        'city',
        'country',
        'funnel_link',
        'reference',
        'lead_source_id'
      )
  )
  const notes = await db.from('lead_notes').select('content')
  add(notes)
  // The notes cell shows a note's first 12 characters.
  notes.forEach(({ content }) => texts.add(notePreview(content)))
  add(await db.from('sales_statuses').select('status'))
  add(await db.from('teams').select('name', 'code'))
  add(await db.from('restricted_countries').select('country', 'note'))
  // The audit log shows what staff typed as they typed it (statuses, yes/no and [redacted] are
  // words of the app, shown translated): the values of the newest rows, which may name records
  // deleted since.
  for (const { changes } of await db
    .from('audit_logs')
    .orderBy('id', 'desc')
    .limit(200)
    .select('changes')) {
    for (const [field, change] of Object.entries(
      (typeof changes === 'string' ? JSON.parse(changes) : (changes ?? {})) as Record<
        string,
        { before?: unknown; after?: unknown }
      >
    )) {
      if (field === 'status') continue
      for (const value of [change?.before, change?.after])
        if (typeof value === 'string' && value.trim() && value !== REDACTED) texts.add(value)
    }
  }
  add(await db.from('promo_codes').select('code'))
  // Longest first, so a name is removed before a shorter name inside it.
  return [...texts].sort((a, b) => b.length - a.length)
}

/** The visible text nodes and placeholders of the page, one string each. */
async function visibleTexts(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(
    () => (globalThis as any).document.documentElement.dataset.translations === 'ready'
  )
  return page.evaluate(() => {
    const doc = (globalThis as any).document
    const out: string[] = []
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = String(node.textContent ?? '').trim()
      const parent = node.parentElement
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
      out.push(text)
    }
    for (const input of doc.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      if (input.checkVisibility() && input.placeholder.trim()) out.push(input.placeholder.trim())
    }
    return out
  })
}

/** A typed value wherever it stands as whole words (never inside a longer word). */
function wholeWords(value: string) {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![A-Za-zÀ-ÿ])${escaped}(?![A-Za-zÀ-ÿ])`, 'g')
}

function englishIn(texts: string[], vocabulary: Set<string>, data: RegExp[]) {
  const flagged: string[] = []
  for (const original of texts) {
    let text = original
      .replace(/[\w.+*-]+@[\w-]+(\.[\w-]+)+/g, ' ') // e-mails, masked ones too
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ') // references
    for (const value of data) text = text.replace(value, ' ')
    const words = (text.match(/[A-Za-zÀ-ÿ0-9_]+/g) ?? []).filter((word) => {
      if (word.length < 2 || /[0-9_]/.test(word)) return false // numbers and codes (EUR_USD, GB29NWBK…)
      if (vocabulary.has(word.toLowerCase())) return false
      return !/^[A-Z]{3}$/.test(word) // currency codes
    })
    if (words.length) flagged.push(`${JSON.stringify(original)} → ${words.join(', ')}`)
  }
  return flagged
}

/** Audit rows of each kind of change the screen words: a status, a yes/no, a gateway key, a setting, a login-as. */
async function auditHistory(customerId: number, documentId: number) {
  const admin = await demoUser(DEMO.admin)
  const entries: Parameters<typeof recordStaffAction>[1][] = [
    {
      staff: admin,
      ip: '198.51.100.40',
      action: 'kyc.decline',
      target: { type: 'kyc_document', id: documentId },
      before: { status: 'pending' },
      after: { status: 'declined' },
    },
    {
      staff: admin,
      ip: '198.51.100.40',
      action: 'gateway.update',
      target: { type: 'gateway', id: 'btc' },
      before: { key1: null, isActive: false, fee: '0' },
      after: { key1: 'bc1qexampleaddress0000000000000000000000', isActive: true, fee: '1.5' },
    },
    {
      staff: admin,
      ip: '198.51.100.40',
      action: 'withdraw_settings.update',
      target: { type: 'setting', id: 'withdrawSettings' },
      before: { feePercentage: '0', feeFixed: '0' },
      after: { feePercentage: '1.5', feeFixed: '2' },
    },
    {
      staff: admin,
      ip: '198.51.100.40',
      action: 'order.close',
      target: { type: 'order', id: 1 },
      before: { status: 'open' },
      after: { status: 'closed' },
    },
    {
      staff: admin,
      ip: '198.51.100.40',
      action: 'pending_order.cancel',
      target: { type: 'pending_order', id: 1 },
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    },
    {
      staff: admin,
      ip: '198.51.100.40',
      action: 'login_as.end',
      target: { type: 'user', id: customerId },
    },
  ]
  for (const entry of entries) await db.transaction((trx) => recordStaffAction(trx, entry))
}

/** Contexts this test opened: closed at the end, or their live streams keep the test server from stopping. */
const opened: BrowserContext[] = []

async function spanishContext(browser: Browser) {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
    viewport: { width: 1440, height: 900 },
  })
  await context.addInitScript(() => (globalThis as any).localStorage.setItem('lang', 'es'))
  // The first page after a source change waits for the dev server to prepare the bundles.
  context.setDefaultNavigationTimeout(90_000)
  opened.push(context)
  return context
}

async function signIn(page: Page, email: string) {
  await page.goto('/')
  // Staff take the two-factor code step too (the helper's fresh recovery code).
  await loginThroughForm(page, email).catch(async (e) => {
    await page.screenshot({ path: 'tmp/walk-login.png' })
    throw e
  })
  await page.waitForLoadState('networkidle')
}

test.group('Browser: every page in Spanish', (group) => {
  isolate(group)
  // The walk buys EUR_USD from the market watch: on a weekend (or a Friday evening) it is closed.
  openMarkets(group)
  removeKycFilesAfterEach(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()))
  })

  test('visitors, customers and every staff role see no English', async ({ browser, assert }) => {
    const customer = await demoUser(DEMO.customer)
    const open = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    const closed = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'sell',
      amount: '1000',
    })
    // A closed row as history shows it; the closing itself is the trading tests' business.
    await db
      .from('orders')
      .where('id', closed.id)
      .update({
        close_time: DateTime.now().toSQL({ includeOffset: false }),
        close_rate: closed.openRate,
        pro_loss: '0',
        // Issue 24: a stop-out with its evidence, swaps paid on both rows, a swap-free plan card.
        close_reason: 'stop_out',
        close_bid: '1.0841',
        close_ask: '1.08422',
        close_quoted_at: '2026-11-26 14:03:22.514',
        close_source: 'stored',
        close_equity: '48.2',
        close_margin: '1000',
        close_margin_level: '4.82',
      })
    await chargeSwap(closed, '-0.5')
    await chargeSwap(open, '-1.25')
    await db.from('pricing_plans').where('name', 'Gold').update({ swap_free: true })
    // Issue 23: a trailing stop on the open position, a part closed from it, a pending order and one cancelled.
    await db
      .from('orders')
      .where('id', open.id)
      .update({ trailing_distance: '0.002', loss: '1.08' })
    const part = await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '500' })
    await db
      .from('orders')
      .where('id', part.id)
      .update({
        parent_order_id: open.id,
        close_time: DateTime.now().toSQL({ includeOffset: false }),
        close_rate: part.openRate,
        pro_loss: '0',
        close_reason: 'manual',
        // The simulator's quote: a feed named by a word, read in Spanish.
        close_bid: '1.0841',
        close_ask: '1.08422',
        close_quoted_at: '2026-11-26 14:03:22.514',
        close_source: 'simulator',
      })
    await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.08000',
      amount: '1000',
    })
    const cancelled = await pendingFor(customer, {
      type: 'sell',
      execution: 'stop',
      price: '1.08000',
      amount: '1000',
    })
    await db
      .from('pending_orders')
      .where('id', cancelled.id)
      .update({
        status: 'cancelled',
        reason: 'customer',
        resolved_at: DateTime.now().toSQL({ includeOffset: false }),
      })
    const bank = await bankDepositWithProof(customer)
    await configureGateway('btc', { key1: 'bc1qexampleaddress0000000000000000000000' })
    const crypto = await pendingDeposit(customer, 'btc')
    await pendingWithdrawal(customer)
    // A waiting buy limit for the staff Pending Orders screen (issue 23).
    await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.05000',
      amount: '1000',
      loss: '1.04000',
    })
    const document = await storedDocument(customer, { status: 'pending' })
    await auditHistory(customer.id, document.id)

    const vocabulary = spanishVocabulary()
    const data = (await dataTexts()).map(wholeWords)
    const failures: string[] = []
    const check = async (page: Page, label: string) => {
      for (const line of englishIn(await visibleTexts(page), vocabulary, data))
        failures.push(`${label}: ${line}`)
    }

    const visitor = await (await spanishContext(browser)).newPage()
    for (const path of [
      '/',
      '/signup',
      '/forgot-password',
      '/reset-password/not-a-token',
      '/no-such-page',
    ]) {
      await visitor.goto(path)
      await check(visitor, path)
    }

    const customerPage = await (await spanishContext(browser)).newPage()
    await signIn(customerPage, DEMO.customer)
    const customerPaths = [
      '/dashboard',
      '/deposits',
      // The result modal a payment returns to.
      '/deposits?status=success&amount=10.00&currency=USD',
      '/deposits?status=pending&amount=10.00&currency=USD',
      '/deposits?status=failed',
      `/deposits/bank/${bank.id}`,
      `/deposits/crypto/${crypto.id}`,
      '/withdraws',
      '/profile',
      '/kyc',
      '/security',
      '/statements',
      '/pricing',
      '/admin/deposits',
    ]
    for (const path of customerPaths) {
      await customerPage.goto(path)
      await check(customerPage, `customer ${path}`)
    }
    assert.isTrue(open.id > 0)

    // Messages under fields, from the client's rules and from the server's validator.
    await customerPage.goto('/security')
    await customerPage.locator('form button[type=submit]').click()
    await customerPage.waitForSelector('[data-slot=error-message]')
    await check(customerPage, 'customer /security, empty form sent')
    await customerPage.goto('/profile')
    await customerPage.locator('input[name=fullName]').fill('A')
    await customerPage.locator('form button[type=submit]').click()
    await customerPage.waitForSelector('[data-slot=error-message]')
    await check(customerPage, 'customer /profile, refused by the server')
    // Issue 23: the Pending Orders tab, the Buy dialog switched to Pending, the orders history.
    await customerPage.goto('/dashboard')
    await customerPage.locator('[data-testid=pending-tab]').click()
    await customerPage.locator('[data-testid^=pending-cancel-]').first().waitFor()
    await check(customerPage, 'customer /dashboard, pending orders')
    await customerPage.locator('[data-testid=instrument-search]').fill('eur usd')
    await customerPage.locator('[data-testid=search-results] [data-testid=buy-EUR_USD]').click()
    await customerPage.locator('[role=dialog] [data-testid=order-price]').waitFor()
    await customerPage.locator('[role=dialog] [data-testid=order-mode] [role=tab]').nth(1).click()
    await customerPage.locator('[role=dialog] [data-testid=order-expiry-date]').click()
    await customerPage.locator('[role=dialog] input[data-testid=order-trigger]').waitFor()
    await check(customerPage, 'customer /dashboard, pending order dialog')
    await customerPage.goto('/statements')
    await customerPage.locator('[data-testid=orders-history-tab]').click()
    await customerPage.locator('[data-testid^=history-reason-]').first().waitFor()
    await check(customerPage, 'customer /statements, orders history')
    // A dialog: the statements' date filter.
    await customerPage.goto('/statements')
    await customerPage.locator('[data-testid$=-open]').first().click()
    await customerPage.waitForSelector('[role=dialog]')
    await check(customerPage, 'customer /statements, date filter')

    const staffPaths: Record<string, string[]> = {
      [DEMO.admin]: [
        '/admin',
        '/admin/deposits',
        '/admin/gateways',
        '/admin/gateways/manual',
        '/admin/externalPayments',
        '/admin/withdraws/pending',
        '/admin/withdraws/history',
        '/admin/withdraws/settings',
        '/admin/kyc',
        '/admin/trades/all',
        '/admin/trades/pending',
        '/admin/audit',
        '/admin/pricing',
        // Issue 24: the swap and margin-call settings under the spreads.
        '/admin/spreads',
        '/admin/risk',
        '/admin/risk?mode=demo',
        '/admin/instruments/forex',
        '/admin/instruments/commodity',
        '/admin/instruments/index',
        '/admin/instruments/crypto',
        '/admin/instruments/stock',
        '/admin/languages',
        // English's translations page: its note and an empty table (the other languages' rows are English keys).
        '/admin/languages/en',
        '/admin/apis',
        '/admin/status/api',
        '/admin/crm/sales/all',
        '/admin/leads/all',
        '/admin/crm/clients',
        '/admin/crm/retention',
        '/admin/crm/archived',
        '/admin/crm-config/sales-statuses',
        '/admin/crm-config/teams',
        '/admin/promo-code',
        '/admin/customers/all',
        '/admin/customers/inactive',
        `/admin/customers/edit/${customer.id}`,
        '/profile',
        '/security',
        '/dashboard',
      ],
      [DEMO.manager]: [
        '/admin/deposits',
        '/admin/withdraws/pending',
        '/admin/trades/open',
        '/admin/trades/closed',
        '/admin/trades/pending',
        '/admin/risk',
        '/admin/customers/all',
        `/admin/customers/edit/${customer.id}`,
      ],
      [DEMO.affiliate]: ['/affiliate', '/affiliate/api'],
      [DEMO.agent]: ['/admin/crm/sales/all'],
      [DEMO.retention]: ['/admin/crm/retention'],
    }
    const staffPages = new Map<string, Page>()
    for (const [email, paths] of Object.entries(staffPaths)) {
      const page = await (await spanishContext(browser)).newPage()
      await signIn(page, email)
      staffPages.set(email, page)
      for (const path of paths) {
        await page.goto(path)
        await check(page, `${email} ${path}`)
      }
    }

    // The add/edit modals of the catalog screens, with their fields (the admin's session above).
    const admin = staffPages.get(DEMO.admin)!
    for (const [path, testId] of [
      ['/admin/instruments/crypto', 'instrument'],
      ['/admin/pricing', 'plan'],
    ]) {
      await admin.goto(path)
      await admin.locator(`[data-testid=${testId}-add]`).click()
      await admin.locator(`[data-testid=${testId}-form]`).waitFor()
      await check(admin, `admin ${path}, add modal`)
    }

    assert.lengthOf(failures, 0, `English text on Spanish pages:\n${failures.join('\n')}`)
    assert.isOk(await User.findBy('email', DEMO.customer))
  }).timeout(360_000)
})
