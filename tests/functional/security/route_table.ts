/*
| The authorization table: every registered route, and what a visitor and
| each of the six roles must get from it, written from the specs (customer
| spec §6, admin specs §2, DESIGN.md "a request outside a role's rights gets
| 403"). A route missing from the table fails the walk
| (tests/functional/security/authorization.spec.ts): classify every new route
| here. The fuzz pass (fuzz.spec.ts) takes its callers and URLs from it too.
*/
import router from '@adonisjs/core/services/router'
import PricingPlan from '#models/pricing_plan'
import Instrument from '#models/instrument'
import User from '#models/user'
import { ALL_ROLES, type RoleId } from '#domain/roles'
import { LEAD_LIST_ROLES } from '#domain/crm'
import { DEMO, demoUser } from '#tests/helpers/users'
import { openPosition } from '#tests/helpers/positions'
import { pendingFor } from '#tests/helpers/pending_orders'
import { storedDocument } from '#tests/helpers/kyc'
import { pendingWithdrawal, realWalletOf } from '#tests/helpers/withdrawals'
import ExternalPayment from '#models/external_payment'
import { bankDepositWithProof, pendingDeposit } from '#tests/helpers/deposits'
import Translation from '#models/translation'
import SalesStatus from '#models/sales_status'
import Team from '#models/team'
import Lead from '#models/lead'
import app from '@adonisjs/core/services/app'
import { randomBytes } from 'node:crypto'
import { customerOf } from '#tests/helpers/login_as'
import { mkdir, writeFile } from 'node:fs/promises'
import RestrictedCountry from '#models/restricted_country'
import { COUNTRY_NAMES } from '#services/countries'

export type Expectation =
  /** Visitor pages: a signed-in user is sent to /dashboard. */
  | { access: 'guest'; page: true }
  /** Open to everyone; must never fail with 401, 403 or 5xx. */
  | { access: 'public'; page: boolean }
  /** Machine-to-machine, authenticated by an API key only: any session (or none) without the key gets 401. */
  | { access: 'apiKey'; page: false }
  /** Signed-in users of these roles only. */
  | {
      access: RoleId[]
      page: boolean
      session?: (actor: User) => Promise<Record<string, any>>
      /** Route parameters naming a row the allowed role owns (another user's row answers 404). */
      params?: () => Promise<Record<string, string>>
      /** Route parameters made for each signed-in actor (a row only its owner can read, whatever their role). */
      paramsFor?: (actor: User) => Promise<Record<string, string>>
    }

const EVERYONE = [...ALL_ROLES]

/** The leads desks' list calls, with and without a date range, each for its list's roles. */
function leadListRoutes(): Record<string, Expectation> {
  const params = async () => ({
    ':status': 'All',
    ':type': 'all',
    ':startDate': '2026-01-01',
    ':endDate': '2026-01-31',
  })
  const routes: Record<string, Expectation> = {}
  for (const [list, access] of Object.entries(LEAD_LIST_ROLES)) {
    const base = `/affiliate/leads/api/${list}/:status${list === 'sales' || list === 'new' ? '/:type' : ''}`
    for (const path of [base, `${base}/:startDate/:endDate`])
      routes[`GET ${path}`] = { access: [...access], page: false, params }
  }
  return routes
}

/** A login-as session, so "Back To Admin" has someone to go back to. */
const impersonatedByAdmin = async () => {
  const admin = await demoUser(DEMO.admin)
  return { impersonator: { staffId: admin.id, staffRoleId: 1 } }
}

/** An open position of the role-3 account, for routes that act on one. */
const customerOrder = async () => {
  const order = await openPosition(await demoUser(DEMO.customer), {
    instrument: 'EUR_USD',
    type: 'buy',
    amount: '1000',
  })
  return { ':id': String(order.id) }
}

/** A waiting buy limit of the role-3 account, for Modify, Cancel and the staff cancel. */
const customerPending = async () => {
  const order = await pendingFor(await demoUser(DEMO.customer), {
    type: 'buy',
    execution: 'limit',
    price: '0.50000',
    amount: '1000',
  })
  return { ':id': String(order.id) }
}

/** A pending withdrawal of the role-3 account, for the staff decisions on one. */
const pendingCustomerWithdrawal = async () => {
  const withdrawal = await pendingWithdrawal(await demoUser(DEMO.customer), '10')
  return { ':id': String(withdrawal.id) }
}

/** The role-3 account's real wallet, for the balance adjustment. */
const customerRealWallet = async () => ({
  ':balanceId': String((await realWalletOf(await demoUser(DEMO.customer))).id),
})

/** The role-3 account, for the per-customer withdraw history. */
const customerId = async () => ({ ':userId': String((await demoUser(DEMO.customer)).id) })

/** A pending KYC submission of the role-3 account with its files, for the file route and the staff decisions. */
const customerKycDocument = async () => {
  const document = await storedDocument(await demoUser(DEMO.customer))
  return { ':id': String(document.id), ':side': 'front' }
}

/** Deposits of the role-3 account: a bank one with its proof, a crypto one, a PayPal one. */
const customerBankDeposit = async () => ({
  ':id': String((await bankDepositWithProof(await demoUser(DEMO.customer))).id),
})
const customerCryptoDeposit = async () => ({
  ':id': String((await pendingDeposit(await demoUser(DEMO.customer), 'btc')).id),
})
const customerPaypalDeposit = async () => ({
  ':txRef': (await pendingDeposit(await demoUser(DEMO.customer), 'paypal')).txRef,
})
const customerPaypalOrder = async () => {
  const deposit = await pendingDeposit(await demoUser(DEMO.customer), 'paypal')
  deposit.providerReference = 'WALKORDER123'
  await deposit.save()
  return { ':orderId': 'WALKORDER123' }
}

/** A gateway kind, for the configuration call (an admin's empty body changes nothing). */
const bankGateway = async () => ({ ':gateway': 'bank' })

/** An external payment without a logo, for its edit and delete calls. */
const anExternalPayment = async () => {
  const payment = await ExternalPayment.create({
    name: 'Walk Pay',
    link: 'https://pay.example.com',
    logoPath: null,
  })
  return { ':id': String(payment.id) }
}

let restrictedSeq = 0
/** A restricted country (a different one each call: the country is unique), for its edit and delete calls. */
const aRestrictedCountry = async () => {
  const row = await RestrictedCountry.create({
    country: COUNTRY_NAMES[restrictedSeq++ % COUNTRY_NAMES.length],
    note: 'Walk',
  })
  return { ':id': String(row.id) }
}

/** A sales status no lead carries and not the default, for its edit and delete calls. */
const aSalesStatus = async () => {
  const row = await SalesStatus.create({
    status: `Walk ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`,
    isDefault: false,
  })
  return { ':id': String(row.id) }
}

/**
 * A status a lead carries, for its delete call: every allowed role gets the
 * refusal (409) rather than the first one deleting it and the next a 404.
 */
const aCarriedSalesStatus = async () => {
  const params = await aSalesStatus()
  await Lead.create({
    email: `walk-${params[':id']}@status.test`,
    group: 'sales',
    source: 'manual',
    salesStatusId: Number(params[':id']),
  })
  return params
}

/** A team of the demo manager without members, for its edit and delete calls. */
const aTeam = async () => {
  const team = await Team.create({
    name: 'Walk Team',
    code: `W-${Date.now() % 1_000_000_000}${Math.random().toString(36).slice(2, 6)}`,
    userId: (await demoUser(DEMO.manager)).id,
  })
  return { ':id': String(team.id) }
}

/** A plan nobody is subscribed to, for its edit and delete calls. */
const aPlan = async () => {
  const plan = await PricingPlan.create({ name: 'Walk Plan', price: '0' })
  return { ':id': String(plan.id) }
}

/** An instrument with no position on it, for its edit and delete calls. */
const anInstrument = async () => {
  const instrument = await Instrument.create({
    name: `WALK${Date.now() % 1_000_000}_USD`,
    base: 'WALK',
    quote: 'USD',
    category: 'crypto',
    leverage: 5,
    tradable: true,
    tradingview: 'BINANCE',
    swap: '0',
  })
  return { ':id': String(instrument.id) }
}

/** A staff account of its own (an agent with no records), for the user edit and delete calls. */
const aStaffUser = async () => {
  const agent = await User.create({
    fullName: 'Walk Agent',
    email: `walk-agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@broker.test`,
    password: 'walk-password-1',
    roleId: 5,
    isEmailVerified: true,
    isActive: true,
  })
  return { ':id': String(agent.id) }
}

/** The seeded Spanish language, for its translations page and list. */
const spanish = async () => ({ ':code': 'es' })

/** A Spanish translation row, for its edit and delete calls. */
const aTranslation = async () => {
  const row = await Translation.create({ code: 'es', key: `Walk key ${Date.now()}`, value: 'x' })
  return { ':id': String(row.id) }
}

/** A lead the demo affiliate brought. */
const aLeadOfTheDemoAffiliate = async () => {
  const affiliate = await demoUser(DEMO.affiliate)
  const lead = await Lead.create({
    email: `walk-aff-${Date.now()}-${Math.random().toString(36).slice(2)}@leads.test`,
    group: 'sales',
    source: 'manual',
    affiliateId: affiliate.id,
  })
  return { ':id': String(lead.id) }
}

/** A lead every demo staff desk sees (managed by, and assigned to, the demo manager and agents). */
const aLeadOfTheDemoDesks = async () => {
  const [manager, agent, retention] = await Promise.all(
    [DEMO.manager, DEMO.agent, DEMO.retention].map(demoUser)
  )
  const lead = await Lead.create({
    email: `walk-${Date.now()}-${Math.random().toString(36).slice(2)}@leads.test`,
    group: 'sales',
    source: 'manual',
    managerId: manager.id,
    agentId: agent.id,
    retAgentId: retention.id,
  })
  return { ':id': String(lead.id) }
}

/** A customer of the admin's (nothing names them), for the delete call. */
const aCustomer = async () => {
  const customer = await User.create({
    fullName: 'Walk Customer',
    email: `walk-customer-${Date.now()}-${Math.random().toString(36).slice(2)}@customers.test`,
    password: 'walk-password-1',
    roleId: 3,
    isEmailVerified: true,
    isActive: true,
  })
  return { ':id': String(customer.id) }
}

/** The actor's own id: every staff member opens and saves their own profile page. */
const ownId = async (actor: User) => ({ ':id': String(actor.id) })

/** An import error report of the actor's own (reports are readable by their uploader only). */
const aReportOf = async (actor: User) => {
  const name = randomBytes(24).toString('base64url')
  const dir = app.makePath('storage/private/lead_imports', String(actor.id))
  await mkdir(dir, { recursive: true })
  await writeFile(`${dir}/${name}.csv`, 'row,field,message\r\n')
  return { ':report': name }
}

/** A customer the actor may open (their own lead, their managed customer; any for an admin), for login-as. */
const aCustomerOf = async (actor: User) => ({ ':id': String((await customerOf(actor)).id) })

export const EXPECTATIONS: Record<string, Expectation> = {
  // Visitor pages (customer spec §2, §6: visitors sign up, log in, reset passwords).
  'GET /': { access: 'guest', page: true },
  'GET /signup': { access: 'guest', page: true },
  'GET /forgot-password': { access: 'guest', page: true },
  'GET /reset-password/:token': { access: 'guest', page: true },

  // Visitor forms and shared data.
  'POST /auth/login': { access: 'public', page: false },
  'POST /auth/signup': { access: 'public', page: false },
  'POST /forgot-password': { access: 'public', page: false },
  'PUT /forgot-password': { access: 'public', page: false },
  'GET /verify-email/:id': { access: 'public', page: false },
  'GET /countries': { access: 'public', page: false },
  'GET /translations/:lng': { access: 'public', page: false },
  'POST /translations/:lng': { access: 'public', page: false },
  'GET /uploads/*': { access: 'public', page: false },

  // Two-factor login's code step (issue 12 item 3): a visitor with no pending login is sent back to the login form (pages) or refused with 400.
  'GET /login/two-factor': { access: 'public', page: true },
  'GET /login/two-factor/enrol': { access: 'public', page: true },
  'POST /login/two-factor': { access: 'public', page: false },
  'POST /login/two-factor/enrol': { access: 'public', page: false },

  // The signed-in shell: every role shares it (customer spec §1, §2 Shell).
  'GET /dashboard': { access: EVERYONE, page: true },
  'GET /profile': { access: EVERYONE, page: true },
  'GET /security': { access: EVERYONE, page: true },
  'GET /pricing': { access: [3], page: true },
  'GET /notifications': { access: EVERYONE, page: false },
  'GET /auth/user': { access: EVERYONE, page: false },
  'POST /auth/logout': { access: EVERYONE, page: false },
  'POST /dashboard/switch-wallet': { access: EVERYONE, page: false },
  'PUT /profile/me': { access: EVERYONE, page: false },
  'PUT /security/password': { access: EVERYONE, page: false },
  // Two-factor login on the Security page: everyone sets it up; only customers may turn it off (mandatory for staff).
  'POST /security/two-factor/setup': { access: EVERYONE, page: false },
  'POST /security/two-factor/confirm': { access: EVERYONE, page: false },
  'POST /security/two-factor/recovery-codes': { access: EVERYONE, page: false },
  'DELETE /security/two-factor': { access: [3], page: false },
  // An admin resets another user's second factor (role 1; audited).
  'DELETE /admin/users/:id/two-factor': { access: [1], page: false },
  // Login as a customer (CRM spec §4, §6, §7; issue 14 item 4): roles 1, 2, 5, 6, each for the customers they may open.
  'POST /admin/customers/login-as/:id': {
    access: [1, 2, 5, 6],
    page: false,
    paramsFor: aCustomerOf,
  },
  'POST /authManager/back-to-admin': {
    access: EVERYONE,
    page: false,
    session: impersonatedByAdmin,
  },
  'GET /dashboard/rates': { access: EVERYONE, page: false },
  'GET /dashboard/lot-state/:category': { access: EVERYONE, page: false },
  'GET /dashboard/candles/:instrument': { access: EVERYONE, page: false },
  'GET /dashboard/chart/:instrument': { access: EVERYONE, page: true },
  'GET /dashboard/get-favorite': { access: EVERYONE, page: false },
  'POST /dashboard/add-to-favorite': { access: EVERYONE, page: false },
  'POST /dashboard/remove-from-favorite': { access: EVERYONE, page: false },
  'GET /dashboard/orders': { access: EVERYONE, page: false },
  'GET /dashboard/pending-orders': { access: EVERYONE, page: false },

  // Customer-only (customer spec §6: the plan belongs to role 3).
  'POST /dashboard/pricing/subscribe/:planId': { access: [3], page: false },
  'POST /dashboard/orders': { access: [3], page: false },
  'POST /dashboard/orders/close': { access: [3], page: false },
  'PUT /dashboard/orders/:id': { access: [3], page: false, params: customerOrder },
  'PUT /dashboard/pending-orders/:id': { access: [3], page: false, params: customerPending },
  'DELETE /dashboard/pending-orders/:id': { access: [3], page: false, params: customerPending },
  'GET /statements': { access: [3], page: true },
  'GET /statements/history': { access: [3], page: false },
  'GET /statements/export': { access: [3], page: false },
  'GET /withdraws': { access: [3], page: true },
  'POST /withdraws/bank': { access: [3], page: false },
  'GET /withdraws/history': { access: [3], page: false },

  // Staff areas behind the footer role buttons (customer spec §2 Footer, admin specs §2).
  'GET /admin': { access: [1], page: true },
  'GET /admin/dashboard': { access: [1], page: false },
  'GET /admin/trades/all': { access: [1, 2], page: true },

  // Trades (admin spec §2 menu: roles 1, 2; Trades list, Order edit dialog, §7).
  'GET /admin/trades/open': { access: [1, 2], page: true },
  'GET /admin/trades/closed': { access: [1, 2], page: true },
  'GET /admin/trades/pending': { access: [1, 2], page: true },
  'GET /admin/trades/api/:type': { access: [1, 2], page: false },
  'GET /admin/trades/api/all/:userId': { access: [1, 2], page: false, params: customerId },
  'PUT /admin/trades/:id': { access: [1, 2], page: false, params: customerOrder },
  'DELETE /admin/trades/:id': { access: [1, 2], page: false, params: customerOrder },
  'POST /admin/trades/close': { access: [1, 2], page: false },
  'GET /admin/trades/api/pending': { access: [1, 2], page: false },
  // The dealing desk's exposure (issue 24 item 3).
  'GET /admin/risk': { access: [1, 2], page: true },
  'GET /admin/risk/exposure/api': { access: [1, 2], page: false },
  'GET /admin/risk/exposure/csv': { access: [1, 2], page: false },
  'GET /admin/risk/positions': { access: [1, 2], page: false },
  'DELETE /admin/trades/pending/:id': { access: [1, 2], page: false, params: customerPending },

  // Balance adjustment (admin spec §2, §6: never role 6; the customer edit page is roles 1 and 2's).
  'PUT /admin/balance/:balanceId': { access: [1, 2], page: false, params: customerRealWallet },
  // The leads desks (CRM spec §2.1 menu, §7; LEAD_LIST_ROLES): pages and list calls.
  'GET /admin/crm/sales/all': { access: [1, 2, 5], page: true },
  'GET /admin/crm/sales/manual': { access: [1, 2, 5], page: true },
  'GET /admin/crm/sales/live': { access: [1, 2, 5], page: true },
  'GET /admin/leads/live': { access: [1, 2], page: true },
  'GET /admin/leads/manual': { access: [1, 2], page: true },
  'GET /admin/leads/all': { access: [1, 2], page: true },
  'GET /admin/crm/clients': { access: [1, 2], page: true },
  'GET /admin/crm/retention': { access: [1, 2, 6], page: true },
  'GET /admin/crm/archived': { access: [1, 2], page: true },
  ...leadListRoutes(),
  // Notes on visible leads (roles with a desk), bulk moves (assignment: 1, 2, checked inside), staff pickers.
  'POST /admin/crm/note': { access: [1, 2, 5, 6], page: false },
  'PUT /admin/leads/bulk': { access: [1, 2, 5, 6], page: false },
  'GET /admin/crm/staff/:role': {
    access: [1, 2],
    page: false,
    params: async () => ({ ':role': '5' }),
  },

  // KYC (customer spec §2, §6: customers; admin spec §2 KYC Documents, §6: role 1). A file goes to its owner and to admins.
  'GET /kyc': { access: [3], page: true },
  'POST /kyc': { access: [3], page: false },
  'GET /kyc/documents/:id/:side': { access: [1, 3], page: false, params: customerKycDocument },
  'GET /admin/kyc': { access: [1], page: true },
  'GET /admin/kyc/api': { access: [1], page: false },
  'POST /admin/kyc/:id/approve': { access: [1], page: false, params: customerKycDocument },
  'POST /admin/kyc/:id/decline': { access: [1], page: false, params: customerKycDocument },

  // Withdraws (admin spec §2 menu: pending and history for roles 1, 2; settings for role 1).
  'GET /admin/withdraws/pending': { access: [1, 2], page: true },
  'GET /admin/withdraws/history': { access: [1, 2], page: true },
  'GET /admin/withdraws/settings': { access: [1], page: true },
  'GET /admin/withdraws/api/pending': { access: [1, 2], page: false },
  'GET /admin/withdraws/api/history': { access: [1, 2], page: false },
  'GET /admin/withdraws/api/history/:userId': { access: [1, 2], page: false, params: customerId },
  'POST /admin/withdraws/:id/approve': {
    access: [1, 2],
    page: false,
    params: pendingCustomerWithdrawal,
  },
  'POST /admin/withdraws/:id/decline': {
    access: [1, 2],
    page: false,
    params: pendingCustomerWithdrawal,
  },
  'POST /admin/withdraws/settings': { access: [1], page: false },

  // Spread Settings and Lot Settings (admin spec §2 menu: role 1).
  'GET /admin/spreads': { access: [1], page: true },
  'POST /admin/spreads': { access: [1], page: false },
  'POST /admin/swapSettings': { access: [1], page: false },
  'GET /admin/lots': { access: [1], page: true },
  'POST /admin/lots': { access: [1], page: false },
  'POST /admin/lotSelector': { access: [1], page: false },

  // Site Settings (admin spec §2 menu: role 1; issue 12 item 5).
  'GET /admin/settings': { access: [1], page: true },
  'POST /admin/settings': { access: [1], page: false },

  // Payment gateways and external payments (admin spec §2 menu: role 1).
  'GET /admin/gateways': { access: [1], page: true },
  'GET /admin/gateways/manual': { access: [1], page: true },
  'PUT /admin/gateways/:gateway': { access: [1], page: false, params: bankGateway },
  'GET /admin/restricted-countries': { access: [1], page: true },
  'GET /admin/restricted-countries/api': { access: [1], page: false },
  'POST /admin/restricted-countries': { access: [1], page: false },
  'PUT /admin/restricted-countries/:id': { access: [1], page: false, params: aRestrictedCountry },
  'DELETE /admin/restricted-countries/:id': {
    access: [1],
    page: false,
    params: aRestrictedCountry,
  },
  'GET /admin/externalPayments': { access: [1], page: true },
  'GET /admin/externalPayments/api': { access: [1], page: false },
  'POST /admin/externalPayments': { access: [1], page: false },
  'PUT /admin/externalPayments/:id': { access: [1], page: false, params: anExternalPayment },
  'DELETE /admin/externalPayments/:id': { access: [1], page: false, params: anExternalPayment },

  // Pricing Plans (admin spec §2 menu: role 1); its list GET /dashboard/pricing is also the customer's plan list (role 3).
  'GET /admin/pricing': { access: [1], page: true },
  'GET /dashboard/pricing': { access: [1, 3], page: false },
  'POST /admin/pricing': { access: [1], page: false },
  'PUT /admin/pricing/:id': { access: [1], page: false, params: aPlan },
  'DELETE /admin/pricing/:id': { access: [1], page: false, params: aPlan },

  // Instruments (admin spec §2 menu: role 1): one screen per category, one API.
  'GET /admin/instruments/forex': { access: [1], page: true },
  'GET /admin/instruments/commodity': { access: [1], page: true },
  'GET /admin/instruments/index': { access: [1], page: true },
  'GET /admin/instruments/crypto': { access: [1], page: true },
  'GET /admin/instruments/stock': { access: [1], page: true },
  'GET /admin/instruments/api/:category': { access: [1], page: false },
  'POST /admin/instruments': { access: [1], page: false },
  'PUT /admin/instruments/:id': { access: [1], page: false, params: anInstrument },
  'DELETE /admin/instruments/:id': { access: [1], page: false, params: anInstrument },

  // Audit Log (issue 11 item 8, beyond the specs: the log of staff actions is role 1's). Read-only.
  'GET /admin/audit': { access: [1], page: true },
  'GET /admin/audit/api': { access: [1], page: false },

  // Admin & Staffs (admin spec §2 menu: role 1; §7).
  'GET /admin/users': { access: [1], page: true },
  'GET /admin/users/api': { access: [1], page: false },
  'POST /admin/users': { access: [1], page: false },
  'PUT /admin/users/:id': { access: [1], page: false, params: aStaffUser },
  'DELETE /admin/users/:id': { access: [1], page: false, params: aStaffUser },
  // The customers list and the edit customer page (CRM spec §2.1 menu: the lists for roles 1, 2; §2.8,
  // §2.9, §6: admins delete). Every staff member opens and saves their own page (Profile in the user
  // menu); a customer's is checked by findVisibleCustomer (functional/customers).
  'GET /admin/customers/all': { access: [1, 2], page: true },
  'GET /admin/customers/inactive': { access: [1, 2], page: true },
  'GET /admin/customers/api/:type': { access: [1, 2], page: false },
  'POST /admin/customers': { access: [1, 2], page: false },
  'DELETE /admin/customers/:id': { access: [1], page: false, params: aCustomer },
  'GET /admin/customers/edit/:id': { access: [1, 2, 4, 5, 6], page: true, paramsFor: ownId },
  'PUT /admin/customers/:id': { access: [1, 2, 4, 5, 6], page: false, paramsFor: ownId },
  // CRM configuration (CRM spec §2.1 menu: sales statuses 1, 2; teams 1; promo code 1, 2, 4, 5, 6).
  'GET /admin/crm-config/sales-statuses': { access: [1, 2], page: true },
  'GET /admin/crm-config/sales-statuses/api': { access: [1, 2], page: false },
  'POST /admin/crm-config/sales-statuses': { access: [1, 2], page: false },
  'PUT /admin/crm-config/sales-statuses/:id': { access: [1, 2], page: false, params: aSalesStatus },
  'DELETE /admin/crm-config/sales-statuses/:id': {
    access: [1, 2],
    page: false,
    params: aCarriedSalesStatus,
  },
  'GET /admin/crm-config/teams': { access: [1], page: true },
  'GET /admin/crm-config/teams/api': { access: [1], page: false },
  'POST /admin/crm-config/teams': { access: [1], page: false },
  'PUT /admin/crm-config/teams/:id': { access: [1], page: false, params: aTeam },
  'DELETE /admin/crm-config/teams/:id': { access: [1], page: false, params: aTeam },
  'GET /admin/promo-code': { access: [1, 2, 4, 5, 6], page: true },
  'POST /admin/promo-code': { access: [1, 2, 4, 5, 6], page: false },
  // CRM calls through Voiso (CRM spec §2.3 phone cell, §7: roles 1, 2, 5, 6). Voiso is not
  // configured in the walk (and never reachable from tests without a fake): 422, no call.
  'GET /admin/crm/voiso/agents': { access: [1, 2, 5, 6], page: false },
  'POST /admin/crm/voiso/startCall': { access: [1, 2, 5, 6], page: false },
  // Adding, editing, converting, deleting and importing leads (CRM spec §2.4, §2.10, §7; issue 13 item 4).
  'POST /admin/leads': { access: [1, 2, 4], page: false },
  'PUT /admin/leads/:id': { access: [1, 2, 5, 6], page: false, params: aLeadOfTheDemoDesks },
  'DELETE /admin/leads/:id': { access: [1], page: false, params: aLeadOfTheDemoDesks },
  'POST /admin/leads/convertLeadToUser': { access: [1, 2], page: false },
  'POST /admin/leads/csv': { access: [1, 2, 4], page: false },
  'GET /admin/leads/csv/example': { access: [1, 2, 4], page: false },
  'GET /admin/leads/csv/report/:report': { access: [1, 2, 4], page: false, paramsFor: aReportOf },
  // The affiliate's screens and calls (CRM spec §2.1 menu: role 4; §2.4, §7; issue 14 item 5).
  'GET /affiliate': { access: [4], page: true },
  'GET /affiliate/api': { access: [4], page: true },
  'POST /affiliate/api': { access: [4], page: false },
  'GET /affiliate/leads/api': { access: [4], page: false },
  'DELETE /affiliate/leads/:id': { access: [4], page: false, params: aLeadOfTheDemoAffiliate },
  // The lead-intake API (issue 14 item 6): an API key, never a session; its document is public.
  'POST /api/v1/leads': { access: 'apiKey', page: false },
  'GET /api/v1/leads/:id': { access: 'apiKey', page: false },
  'GET /api/v1/openapi.json': { access: 'public', page: false },
  // API Settings, API Status and Server Information (admin spec §2 menu: role 1).
  'GET /admin/apis': { access: [1], page: true },
  'PUT /admin/apis/:key': { access: [1], page: false, params: async () => ({ ':key': 'voiso' }) },
  // Disconnect (issue 21 item 8): nothing stored under voiso in the walk, so an admin's call is a 422.
  'DELETE /admin/apis/:key': {
    access: [1],
    page: false,
    params: async () => ({ ':key': 'voiso' }),
  },
  'GET /admin/status/api': { access: [1], page: true },
  'GET /admin/status/api/quota': { access: [1], page: false },
  'GET /admin/status/server': { access: [1], page: true },
  'GET /admin/status/server/api': { access: [1], page: false },

  // Languages and translations (admin spec §2 menu: role 1; issue 12 item 4).
  'GET /admin/languages': { access: [1], page: true },
  'POST /admin/languages': { access: [1], page: false },
  'GET /admin/languages/:code': { access: [1], page: true, params: spanish },
  'GET /admin/languages/api/:code': { access: [1], page: false, params: spanish },
  'POST /admin/languages/translations': { access: [1], page: false },
  'PUT /admin/languages/translations/:id': { access: [1], page: false, params: aTranslation },
  'DELETE /admin/languages/translations/:id': { access: [1], page: false, params: aTranslation },

  // Deposits (customer spec §2, §6: customers; admin spec §2: Deposit History for roles 1, 2).
  'GET /deposits': { access: [3], page: true },
  'POST /deposits': { access: [3], page: false },
  'GET /deposits/history': { access: [3], page: false },
  'GET /deposits/bank/:id': { access: [3], page: true, params: customerBankDeposit },
  'PUT /deposits/bank/:id': { access: [3], page: false, params: customerBankDeposit },
  'GET /deposits/crypto/:id': { access: [3], page: true, params: customerCryptoDeposit },
  'GET /deposits/:id/proof': { access: [1, 2, 3], page: false, params: customerBankDeposit },
  'GET /admin/deposits': { access: [1, 2], page: true },
  'GET /admin/deposits/api/history': { access: [1, 2], page: false },
  'GET /admin/deposits/api/history/:userId': { access: [1, 2], page: false, params: customerId },
  'POST /admin/deposits/:id/approve': { access: [1, 2], page: false, params: customerBankDeposit },
  'POST /admin/deposits/:id/decline': { access: [1, 2], page: false, params: customerBankDeposit },

  // Online payments: providers' confirmations are public (each adapter verifies its signature); the rest is the customer's.
  'POST /payments/:gateway/notify': { access: 'public', page: false },
  'GET /payments/:gateway/return/:txRef': { access: [3], page: false },
  'GET /payments/paypal/:txRef': { access: [3], page: true, params: customerPaypalDeposit },
  'POST /payments/paypal/:txRef': { access: [3], page: false, params: customerPaypalDeposit },
  'GET /payments/paypal/capture/:orderId': {
    access: [3],
    page: false,
    params: customerPaypalOrder,
  },
}

/** Routes that are not the app's own: the Transmit SSE transport authorizes per channel. */
export const NOT_WALKED = [
  'GET /__transmit/events',
  'POST /__transmit/subscribe',
  'POST /__transmit/unsubscribe',
]

/** Every registered route as "METHOD /pattern" (HEAD is GET's twin). */
export function registeredRoutes() {
  const keys = new Set<string>()
  for (const routes of Object.values(router.toJSON())) {
    for (const route of routes) {
      for (const method of route.methods) {
        if (method !== 'HEAD') keys.add(`${method} ${route.pattern}`)
      }
    }
  }
  return [...keys].sort()
}

/** Plausible values for route parameters. */
export async function urlFor(pattern: string, overrides: Record<string, string> = {}) {
  const basic = await PricingPlan.findByOrFail('name', 'Basic')
  const newcomer = await demoUser(DEMO.newcomer)
  const values: Record<string, string> = {
    ':token': 'x'.repeat(43),
    ':id': String(newcomer.id),
    ':planId': String(basic.id),
    ':lng': 'es',
    ':category': 'forex',
    ':instrument': 'EUR_USD',
    '*': 'no-such-file.txt',
    ':gateway': 'stripe',
    ':key': 'voiso',
    ':txRef': '00000000-0000-4000-8000-000000000000',
    ':orderId': 'NO-SUCH-ORDER',
    ':type': 'all',
    ':report': 'a'.repeat(32),
    ':balanceId': String((await realWalletOf(newcomer)).id),
    ...overrides,
  }
  return pattern.replace(/:[A-Za-z]+|\*/g, (param) => {
    if (!(param in values)) throw new Error(`No test value for ${param} in ${pattern}`)
    return values[param]
  })
}

export const actors: { label: string; roleId: RoleId | null }[] = [
  { label: 'visitor', roleId: null },
  ...ALL_ROLES.map((roleId) => ({ label: `role ${roleId}`, roleId })),
]
