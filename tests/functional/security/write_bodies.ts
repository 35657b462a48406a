/*
| Valid base requests for the write endpoints (the fuzz pass replaces one
| field at a time) and the malformed values it tries. A write route without a
| base here is still fuzzed, from an empty body, by the caller and URL of the
| route table (route_table.ts).
*/
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Instrument from '#models/instrument'
import PasswordResetToken from '#models/password_reset_token'
import PricingPlan from '#models/pricing_plan'
import KycDocument from '#models/kyc_document'
import User from '#models/user'
import Lead from '#models/lead'
import Translation from '#models/translation'
import SalesStatus from '#models/sales_status'
import Team from '#models/team'
import { newOpaqueToken } from '#domain/tokens'
import { generateApiKey } from '#actions/affiliates/generate_api_key'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO, DEMO_PASSWORD, demoUser, walletsOf } from '#tests/helpers/users'
import { pendingWithdrawal, realWalletOf, withdrawPayload } from '#tests/helpers/withdrawals'
import { openPosition } from '#tests/helpers/positions'
import { SITE_FORM } from '#tests/helpers/site_settings'
import RestrictedCountry from '#models/restricted_country'
import { COUNTRY_NAMES } from '#services/countries'

export interface WriteBase {
  /** The demo account that sends it (default: the first role the route table allows; a visitor for public routes). */
  as?: string
  url?: () => Promise<string> | string
  body: () => Promise<Record<string, unknown>> | Record<string, unknown>
  /** Headers the request carries (the lead-intake API's key); made before the request's fingerprint. */
  headers?: () => Promise<Record<string, string>>
  /** Restores what a request that succeeded changed (the group's transaction undoes the rest after the test). */
  after?: () => Promise<void>
}

/** Stands for a value the test client cannot serialize itself (its stringifier recurses): spliced into the JSON text. */
export class RawJsonValue {
  constructor(readonly text: string) {}
}

/** The JSON text of `body`, with any RawJsonValue spliced in as is. */
export function jsonText(body: Record<string, unknown>) {
  const raws: string[] = []
  const text = JSON.stringify(body, (_key, value) => {
    if (!(value instanceof RawJsonValue)) return value
    raws.push(value.text)
    return `__raw_${raws.length - 1}__`
  })
  return raws.reduce((out, raw, i) => out.replace(`"__raw_${i}__"`, raw), text)
}

/** A fresh lead on the sales desk nobody is assigned to, for the leads desks' writes (notes, bulk, edit, convert). */
const fuzzLead = () =>
  Lead.create({ email: `fuzz-lead-${randomUUID()}@broker.test`, group: 'sales', source: 'manual' })

/** Values each field is replaced by, one at a time. */
export const GARBAGE: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['huge negative', -1e308],
  ['tiny number', 5e-324],
  ['beyond int32', 2 ** 31],
  ['beyond int64', 9223372036854775808],
  ['NaN text', 'NaN'],
  ['Infinity text', 'Infinity'],
  ['minus zero text', '-0'],
  ['overflowing text', '1e999'],
  ['hex text', '0x10'],
  ['numeric string', '12345'],
  ['empty string', ''],
  ['spaces', '   '],
  ['array', ['a', 'b']],
  ['one-item array', [18]],
  ['empty array', []],
  ['object', { a: 1 }],
  ['operator object', { $gt: '' }],
  ['1 MB string', 'x'.repeat(1024 * 1024)],
  ['900 KB string (under the body limit)', 'x'.repeat(900 * 1024)],
  ['10k-level nesting', new RawJsonValue('['.repeat(10_000) + ']'.repeat(10_000))],
  ['NUL byte', 'abc\u0000def@example.com'],
  ['only NUL', '\u0000'],
  ['control chars', '\u0001\u0002\u001b[31m'],
  ['lone surrogate', 'a\ud800b'],
  ['emoji', '😀'.repeat(300)],
  ['RTL + zero width', '\u202e\u200b\u200d'],
  ['SQL', "' OR 1=1 --"],
  ['HTML', '<script>alert(1)</script>'],
  ['prototype', '__proto__'],
  ['date-ish', '9999-99-99'],
  ['far future date', '275760-09-13'],
]

/** Fields every endpoint also gets, whatever its form: mass assignment and prototype pollution attempts. */
export const EXTRA_FIELDS = ['__proto__', 'constructor', 'roleId', 'role_id', 'userId', 'id']

/** The values an extra field gets (a form ignores unknown fields; these are the shapes that could still hurt). */
export const EXTRA_GARBAGE = GARBAGE.filter(([label]) =>
  [
    'null',
    'zero',
    'one-item array',
    'operator object',
    '1 MB string',
    '10k-level nesting',
    'prototype',
  ].includes(label)
)

let seq = 0
let fuzzCountry = 'Germany'
const uniqueEmail = () => `robust-${Date.now()}-${++seq}@example.com`

async function freshResetToken() {
  const user = await demoUser(DEMO.newcomer)
  const { token, hash } = newOpaqueToken()
  await PasswordResetToken.create({
    userId: user.id,
    tokenHash: hash,
    expiresAt: DateTime.now().plus({ hours: 1 }),
  })
  return token
}

async function restorePassword(email: string) {
  const user = await demoUser(email)
  user.password = DEMO_PASSWORD
  await user.save()
}

/** A fresh pending KYC submission (no files) of the newcomer, for the staff decisions. */
async function pendingKyc() {
  const newcomer = await demoUser(DEMO.newcomer)
  return KycDocument.create({ userId: newcomer.id, type: 'passport', status: 'pending' })
}

/** The user form as the Admin & Staffs modal sends it. */
const USER_BODY = {
  fullName: 'Fuzz User',
  password: 'fuzz-password-1',
  roleId: 2,
  isEmailVerified: true,
  isActive: true,
  whitelist: '203.0.113.0/24, 2001:db8::/32',
}

const PLAN_BODY = {
  name: 'Walk Plan',
  description: 'A plan for the walk',
  price: '10',
  forexLeverage: 100,
  cryptoLeverage: '5',
  forexStopout: '40',
  stockStopout: 35.5,
  swapFree: true,
}

const instrumentBody = (name: string) => ({
  name,
  base: 'FUZZ',
  quote: 'USD',
  category: 'crypto' as const,
  bids: '1.25',
  asks: '1.26',
  tradingview: 'BINANCE',
  alias: 'Fuzz coin',
  leverage: 5,
  tradable: true,
  swap: '-0.5',
  swapLong: '-2.5',
  swapShort: '0.75',
  exposureLimit: '5000000',
})

const eurUsd = async () => (await Instrument.findByOrFail('name', 'EUR_USD')).id

export const WRITE_BASES: Record<string, WriteBase> = {
  'POST /auth/login': {
    body: () => ({ email: DEMO.customer, password: DEMO_PASSWORD, remember: true, humanKey: 'x' }),
  },
  'POST /auth/signup': {
    body: () => signupPayload({ email: uniqueEmail(), promoCode: 'WELCOME2026', humanKey: 'x' }),
  },
  'POST /forgot-password': { body: () => ({ email: DEMO.newcomer, humanKey: 'x' }) },
  'PUT /forgot-password': {
    body: async () => ({ token: await freshResetToken(), password: 'a-new-password' }),
    after: () => restorePassword(DEMO.newcomer),
  },
  'POST /translations/:lng': {
    url: () => '/translations/es',
    body: () => ({ key: `A new key ${++seq}` }),
  },
  'POST /dashboard/switch-wallet': {
    as: DEMO.customer,
    body: async () => ({ balanceId: (await walletsOf(await demoUser(DEMO.customer)))[1].id }),
  },
  'POST /dashboard/add-to-favorite': {
    as: DEMO.customer,
    body: async () => ({ id: await eurUsd() }),
  },
  'POST /dashboard/remove-from-favorite': {
    as: DEMO.customer,
    body: async () => ({ id: await eurUsd() }),
  },
  'PUT /profile/me': {
    as: DEMO.customer,
    body: () => ({
      fullName: 'Carla Customer',
      phone: '+4915112345678',
      birthDate: '1988-04-12',
      country: 'Germany',
      city: 'Berlin',
      address: 'Friedrichstraße 100',
      postalCode: '10117',
    }),
  },
  'PUT /security/password': {
    as: DEMO.customer,
    body: () => ({ currentPassword: DEMO_PASSWORD, newPassword: 'another-password' }),
    after: () => restorePassword(DEMO.customer),
  },
  'POST /dashboard/pricing/subscribe/:planId': {
    as: DEMO.newcomer,
    url: async () =>
      `/dashboard/pricing/subscribe/${(await PricingPlan.findByOrFail('name', 'Basic')).id}`,
    body: () => ({}),
    after: async () => {
      await db.from('users').where('email', DEMO.newcomer).update({ pricing_table_id: null })
    },
  },
  'POST /authManager/back-to-admin': { as: DEMO.customer, body: () => ({}) },
  // No body: an admin logs in as the newcomer (the table's :id); what is sent is ignored.
  'POST /admin/customers/login-as/:id': { as: DEMO.admin, body: () => ({}) },
  'POST /login/two-factor': { body: () => ({ code: '123456' }) },
  'POST /login/two-factor/enrol': { body: () => ({ code: '123456' }) },
  'POST /security/two-factor/confirm': { as: DEMO.customer, body: () => ({ code: '123456' }) },
  'POST /security/two-factor/recovery-codes': {
    as: DEMO.admin,
    body: () => ({ password: DEMO_PASSWORD }),
  },
  'DELETE /security/two-factor': {
    as: DEMO.customer,
    body: () => ({ password: DEMO_PASSWORD, code: '123456' }),
  },
  'POST /auth/logout': { as: DEMO.customer, body: () => ({}) },
  'POST /dashboard/orders': {
    as: DEMO.customer,
    body: () => ({ type: 'buy', instrument: 'EUR_USD', amount: '1000', profit: null, loss: null }),
  },
  'POST /dashboard/orders/close': {
    as: DEMO.customer,
    // A partial close (issue 23 item 3), so `amount` is fuzzed too; without it the whole position closes.
    body: async () => ({
      orderId: (
        await openPosition(await demoUser(DEMO.customer), {
          instrument: 'EUR_USD',
          type: 'buy',
          amount: '10000',
        })
      ).id,
      instrument: 'EUR_USD',
      amount: '1000',
    }),
  },
  'PUT /dashboard/orders/:id': {
    as: DEMO.customer,
    body: () => ({ loss: '1.00000', profit: '2.00000' }),
  },
  'PUT /dashboard/pending-orders/:id': {
    as: DEMO.customer,
    body: () => ({ price: '0.60000', loss: '0.40000', profit: null }),
  },
  'POST /withdraws/bank': {
    as: DEMO.customer,
    body: async () => withdrawPayload(await demoUser(DEMO.customer), { amount: '1' }),
  },
  'POST /deposits': {
    as: DEMO.customer,
    body: async () => ({
      balance_id: (await realWalletOf(await demoUser(DEMO.customer))).id,
      gateway: 'bank',
      amount: '100',
    }),
  },
  // The proof file is multipart (walked in tests/functional/deposits); here the bank fields beside it.
  'PUT /deposits/bank/:id': {
    as: DEMO.customer,
    body: () => ({
      bank_name: 'Demo Bank AG',
      account_name: 'Carla Customer',
      account_number: 'DE89370400440532013000',
    }),
  },
  'POST /admin/withdraws/:id/approve': {
    as: DEMO.admin,
    url: async () =>
      `/admin/withdraws/${(await pendingWithdrawal(await demoUser(DEMO.customer), '1')).id}/approve`,
    body: () => ({}),
  },
  'POST /admin/withdraws/:id/decline': {
    as: DEMO.admin,
    url: async () =>
      `/admin/withdraws/${(await pendingWithdrawal(await demoUser(DEMO.customer), '1')).id}/decline`,
    body: () => ({ declineReason: 'Wrong account' }),
  },
  'POST /admin/withdraws/settings': {
    as: DEMO.admin,
    body: () => ({ feePercentage: '1', feeFixed: '0.5' }),
  },
  'POST /admin/spreads': {
    as: DEMO.admin,
    body: () => ({
      spread_forex: 1,
      spread_commodity: 1,
      spread_index: 1,
      spread_crypto: 1,
      spread_stock: 1,
    }),
  },
  'POST /admin/swapSettings': {
    as: DEMO.admin,
    body: () => ({
      swapTripleDay_forex: 'wednesday',
      swapTripleDay_commodity: 'wednesday',
      swapTripleDay_index: 'thursday',
      swapTripleDay_crypto: 'none',
      swapTripleDay_stock: 'friday',
      marginCallLevel: 120,
    }),
  },
  'POST /admin/lots': {
    as: DEMO.admin,
    body: () => ({
      lot_forex: 'lot',
      lot_commodity: 'amount',
      lot_index: 'amount',
      lot_crypto: 'amount',
      lot_stock: 'amount',
    }),
  },
  'POST /admin/lotSelector': {
    as: DEMO.admin,
    body: () => ({
      lotSelector: [
        { label: '0.01', value: '1000' },
        { label: '0.1', value: '10000' },
      ],
    }),
  },
  // Site Settings: the JSON side (the multipart uploads: tests/functional/site_settings/uploads.spec.ts).
  'POST /admin/settings': {
    as: DEMO.admin,
    body: () => ({
      ...SITE_FORM,
      theme: true,
      emailVerify: true,
      pricingPlan: true,
      kycDeposit: true,
      kycWithdraw: true,
      kycTrade: true,
      recaptchaToggle: false,
      showUserInfoAgent: false,
    }),
  },
  // Uploads (multipart) are walked in tests/functional/kyc/customer_kyc.spec.ts; here the JSON side.
  'POST /kyc': {
    as: DEMO.newcomer,
    body: () => ({ type: 'passport', front: 'front.png', back: 'back.png', address: 'bill.pdf' }),
  },
  'POST /admin/kyc/:id/approve': {
    as: DEMO.admin,
    url: async () => `/admin/kyc/${(await pendingKyc()).id}/approve`,
    body: () => ({}),
  },
  'POST /admin/kyc/:id/decline': {
    as: DEMO.admin,
    url: async () => `/admin/kyc/${(await pendingKyc()).id}/decline`,
    body: () => ({ declineReason: 'Blurry photo' }),
  },
  'PUT /admin/gateways/:gateway': {
    as: DEMO.admin,
    body: () => ({ name: 'Bank transfer', fee: '1' }),
  },
  'POST /admin/crm/voiso/startCall': {
    as: DEMO.admin,
    body: async () => {
      const lead = await Lead.create({
        firstName: 'Walk',
        email: `walk-call-${++seq}@leads.test`,
        phone: '+447414992548',
        group: 'sales',
        source: 'manual',
      })
      return { leadId: lead.id, agentEmail: DEMO.agent }
    },
  },
  'PUT /admin/apis/:key': {
    as: DEMO.admin,
    url: () => '/admin/apis/voiso',
    body: () => ({ key: 'voiso', value1: 'eu-1', value2: 'voiso-walk-key' }),
  },
  'POST /admin/externalPayments': {
    as: DEMO.admin,
    body: () => ({ name: 'Walk Pay', link: 'https://pay.example.com' }),
  },
  'PUT /admin/externalPayments/:id': {
    as: DEMO.admin,
    body: () => ({ name: 'Walk Pay', link: 'https://pay.example.com' }),
  },
  'POST /admin/pricing': { as: DEMO.admin, body: () => PLAN_BODY },
  'PUT /admin/pricing/:id': {
    as: DEMO.admin,
    url: async () =>
      `/admin/pricing/${(await PricingPlan.create({ name: 'Fuzz Plan', price: '0' })).id}`,
    body: () => PLAN_BODY,
  },
  'POST /admin/instruments': {
    as: DEMO.admin,
    body: () => instrumentBody(`FUZZ${++seq}_USD`),
  },
  'PUT /admin/instruments/:id': {
    as: DEMO.admin,
    url: async () => {
      const instrument = await Instrument.create({
        ...instrumentBody(`FUZZ${++seq}_USD`),
        bids: null,
        asks: null,
      })
      return `/admin/instruments/${instrument.id}`
    },
    body: () => instrumentBody(`FUZZ${++seq}_USD`),
  },
  'PUT /admin/trades/:id': {
    as: DEMO.admin,
    body: () => ({
      openRate: '1.0845',
      spread: '0',
      profit: null,
      loss: null,
      openTime: DateTime.utc().minus({ hours: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"),
    }),
  },
  'POST /admin/trades/close': {
    as: DEMO.admin,
    body: async () => ({
      orderId: (
        await openPosition(await demoUser(DEMO.customer), {
          instrument: 'EUR_USD',
          type: 'buy',
          amount: '1000',
        })
      ).id,
      instrument: 'EUR_USD',
    }),
  },
  'PUT /admin/balance/:balanceId': {
    as: DEMO.admin,
    body: () => ({ amount: '10.00', type: 'add', comment: 'Goodwill credit' }),
  },
  'POST /admin/users': {
    as: DEMO.admin,
    body: () => ({ ...USER_BODY, email: `fuzz-user-${++seq}@broker.test` }),
  },
  // The customers list's add-new (role User) and the edit customer page's form on a fresh customer.
  'POST /admin/customers': {
    as: DEMO.admin,
    body: () => ({
      ...USER_BODY,
      roleId: 3,
      whitelist: null,
      email: `fuzz-user-${++seq}@broker.test`,
    }),
  },
  'PUT /admin/customers/:id': {
    as: DEMO.admin,
    url: async () => {
      const user = await User.create({
        fullName: USER_BODY.fullName,
        password: USER_BODY.password,
        isEmailVerified: true,
        isActive: true,
        email: `fuzz-user-${++seq}@broker.test`,
        roleId: 3,
      })
      return `/admin/customers/${user.id}`
    },
    body: () => ({
      fullName: 'Fuzz Customer',
      email: `fuzz-user-${++seq}@broker.test`,
      password: '',
      phone: '+49 151 1234567',
      birthDate: '1980-01-31',
      country: 'Germany',
      city: 'Berlin',
      postalCode: '10117',
      address: 'Main Street 1',
      managerId: -2,
      pricingTableId: -2,
      isEmailVerified: true,
      isActive: true,
    }),
  },
  // The leads desks: a note and a bulk move on a fresh lead of the sales desk.
  'POST /admin/crm/note': {
    as: DEMO.admin,
    body: async () => ({ content: 'Called back', leadId: (await fuzzLead()).id }),
  },
  'PUT /admin/leads/bulk': {
    as: DEMO.admin,
    body: async () => ({ ids: [(await fuzzLead()).id], data: { group: 'archived' } }),
  },
  'PUT /admin/users/:id': {
    as: DEMO.admin,
    url: async () => {
      const user = await User.create({
        fullName: USER_BODY.fullName,
        password: USER_BODY.password,
        isEmailVerified: true,
        isActive: true,
        email: `fuzz-user-${++seq}@broker.test`,
        roleId: 5,
      })
      return `/admin/users/${user.id}`
    },
    body: () => ({ ...USER_BODY, email: `fuzz-user-${++seq}@broker.test`, password: '' }),
  },
  // CRM configuration: a fresh status name, a member-less team of the demo manager, a promo code (the server draws it).
  'POST /admin/crm-config/sales-statuses': {
    as: DEMO.admin,
    body: () => ({ status: `Fuzz status ${++seq}`, isDefault: false }),
  },
  'PUT /admin/crm-config/sales-statuses/:id': {
    as: DEMO.admin,
    url: async () => {
      const row = await SalesStatus.create({ status: `Fuzz row ${++seq}`, isDefault: false })
      return `/admin/crm-config/sales-statuses/${row.id}`
    },
    body: () => ({ status: `Fuzz status ${++seq}`, isDefault: false }),
  },
  'POST /admin/restricted-countries': {
    as: DEMO.admin,
    body: () => ({ country: 'France', note: `Fuzz ${++seq}` }),
  },
  'PUT /admin/restricted-countries/:id': {
    as: DEMO.admin,
    // A different country for each row (the country is unique); the body keeps the row's.
    url: async () => {
      fuzzCountry = COUNTRY_NAMES[++seq % COUNTRY_NAMES.length]
      const row = await RestrictedCountry.create({ country: fuzzCountry, note: null })
      return `/admin/restricted-countries/${row.id}`
    },
    body: () => ({ country: fuzzCountry, note: `Fuzz ${++seq}` }),
  },
  'POST /admin/crm-config/teams': {
    as: DEMO.admin,
    body: async () => ({
      name: `Fuzz team ${++seq}`,
      userId: (await demoUser(DEMO.manager)).id,
      userIds: [{ id: -2 }],
    }),
  },
  'PUT /admin/crm-config/teams/:id': {
    as: DEMO.admin,
    url: async () => {
      const manager = await demoUser(DEMO.manager)
      const team = await Team.create({ name: 'Fuzz', code: `F-${++seq}`, userId: manager.id })
      return `/admin/crm-config/teams/${team.id}`
    },
    body: async () => ({
      name: `Fuzz team ${++seq}`,
      userId: (await demoUser(DEMO.manager)).id,
      userIds: [{ id: -2 }],
    }),
  },
  'POST /admin/promo-code': { as: DEMO.agent, body: () => ({ code: '' }) },
  // The affiliate's calls: a new API key (the server draws it); the lead-intake API with that key, no session.
  'POST /affiliate/api': { as: DEMO.affiliate, body: () => ({}) },
  'DELETE /affiliate/leads/:id': {
    as: DEMO.affiliate,
    url: async () => {
      const affiliate = await demoUser(DEMO.affiliate)
      const lead = await Lead.create({
        email: `fuzz-aff-${++seq}-${Date.now()}@leads.test`,
        group: 'sales',
        source: 'manual',
        affiliateId: affiliate.id,
      })
      return `/affiliate/leads/${lead.id}`
    },
    body: () => ({}),
  },
  'POST /api/v1/leads': {
    headers: async () => ({
      Authorization: `Bearer ${await generateApiKey({ staff: await demoUser(DEMO.affiliate) })}`,
    }),
    body: () => ({
      firstName: 'Fuzz',
      lastName: 'Api',
      email: `fuzz-api-${++seq}-${Date.now()}@leads.test`,
      phone: '+34 600 111 222',
      country: 'Spain',
      city: 'Madrid',
      funnelLink: 'https://example.com/landing',
      leadSourceId: 'src-1',
    }),
  },
  // Leads (the CSV upload is multipart: walked in tests/functional/crm/lead_import.spec.ts).
  'POST /admin/leads': {
    as: DEMO.admin,
    body: () => ({
      firstName: 'Fuzz',
      lastName: 'Lead',
      email: `fuzz-lead-${++seq}-${Date.now()}@leads.test`,
      phone: '+34 600 111 222',
      country: 'Spain',
      city: 'Madrid',
      funnelLink: 'https://example.com/landing',
      reference: 'AFF-1',
      leadStatus: 'New',
    }),
  },
  'PUT /admin/leads/:id': {
    as: DEMO.admin,
    url: async () => `/admin/leads/${(await fuzzLead()).id}`,
    body: () => ({
      firstName: 'Fuzz',
      lastName: 'Lead',
      email: `fuzz-lead-${++seq}-${Date.now()}@leads.test`,
      phone: '+34 600 111 222',
      country: 'Spain',
      city: 'Madrid',
      funnelLink: 'https://example.com/landing',
      reference: 'AFF-1',
      leadSourceId: 'src-1',
      leadStatus: 'New',
      managerId: -2,
      agentId: -2,
      retId: -2,
    }),
  },
  'POST /admin/leads/convertLeadToUser': {
    as: DEMO.admin,
    body: async () => ({ id: (await fuzzLead()).id, password: 'fuzz-password-1' }),
  },
  // The seeded list as it is (a save that changes nothing), and one translation at a time.
  'POST /admin/languages': {
    as: DEMO.admin,
    body: () => ({
      lotSelector: [
        { name: 'English', code: 'en' },
        { name: 'Español', code: 'es' },
      ],
      confirm: false,
    }),
  },
  'POST /admin/languages/translations': {
    as: DEMO.admin,
    body: () => ({ code: 'es', key: `Fuzz key ${++seq}`, value: 'Texto' }),
  },
  'PUT /admin/languages/translations/:id': {
    as: DEMO.admin,
    url: async () => {
      const row = await Translation.create({ code: 'es', key: `Fuzz row ${++seq}`, value: 'x' })
      return `/admin/languages/translations/${row.id}`
    },
    body: () => ({ code: 'es', key: `Fuzz key ${++seq}`, value: 'Texto' }),
  },
  // Transmit's own routes (start/transmit.ts): not in the route table, validated before the library.
  'POST /__transmit/subscribe': { body: () => ({ uid: randomUUID(), channel: 'prices' }) },
  'POST /__transmit/unsubscribe': { body: () => ({ uid: randomUUID(), channel: 'prices' }) },
}
