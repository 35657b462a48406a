import type { RoleId } from './roles.js'
import { MENU, menuFor, type MenuSection } from './navigation.js'
import { LANGUAGE_CODE } from './languages.js'

/**
 * Every back-office page that exists: its route name, path and heading. The
 * staff routes are registered from this list (start/routes/staff.ts), each
 * with the roles the specs' menu gives its link, and the staff layout builds
 * the menu from it, so a link shows only once its page is built and no page
 * and its menu entry can disagree on who may open it. A new staff screen is
 * one entry here and one handler there.
 */
export const STAFF_SCREENS = [
  { name: 'admin.dashboard', path: '/admin', title: 'Dashboard' },
  { name: 'admin.deposits.index', path: '/admin/deposits', title: 'Deposit History' },
  { name: 'admin.gateways.automatic', path: '/admin/gateways', title: 'Automatic Gateways' },
  { name: 'admin.gateways.manual', path: '/admin/gateways/manual', title: 'Manual Gateways' },
  {
    name: 'admin.externalPayments.index',
    path: '/admin/externalPayments',
    title: 'External Payments',
  },
  { name: 'admin.withdraws.pending', path: '/admin/withdraws/pending', title: 'Pending Withdraws' },
  { name: 'admin.withdraws.history', path: '/admin/withdraws/history', title: 'Withdraw History' },
  {
    name: 'admin.withdraws.settings',
    path: '/admin/withdraws/settings',
    title: 'Withdraw Settings',
  },
  { name: 'admin.kyc.index', path: '/admin/kyc', title: 'KYC Documents' },
  { name: 'admin.trades.all', path: '/admin/trades/all', title: 'All Trades' },
  { name: 'admin.trades.open', path: '/admin/trades/open', title: 'Open Trades' },
  { name: 'admin.trades.closed', path: '/admin/trades/closed', title: 'Closed Trades' },
  { name: 'admin.trades.pending', path: '/admin/trades/pending', title: 'Pending Orders' },
  { name: 'admin.spreads', path: '/admin/spreads', title: 'Spread Settings' },
  { name: 'admin.lots', path: '/admin/lots', title: 'Lot Settings' },
  { name: 'admin.pricing.index', path: '/admin/pricing', title: 'Pricing Plans' },
  { name: 'admin.risk', path: '/admin/risk', title: 'Exposure' },
  { name: 'admin.instruments.forex', path: '/admin/instruments/forex', title: 'Forex' },
  { name: 'admin.instruments.commodity', path: '/admin/instruments/commodity', title: 'Commodity' },
  { name: 'admin.instruments.index', path: '/admin/instruments/index', title: 'Index' },
  { name: 'admin.instruments.crypto', path: '/admin/instruments/crypto', title: 'Crypto' },
  { name: 'admin.instruments.stock', path: '/admin/instruments/stock', title: 'Stock' },
  { name: 'affiliate.leads', path: '/affiliate', title: 'Leads' },
  { name: 'affiliate.api', path: '/affiliate/api', title: 'API Key' },
  { name: 'crm.sales.all', path: '/admin/crm/sales/all', title: 'All Leads' },
  { name: 'crm.sales.manual', path: '/admin/crm/sales/manual', title: 'Manual Leads' },
  { name: 'crm.sales.live', path: '/admin/crm/sales/live', title: 'Live Leads' },
  { name: 'crm.leads.live', path: '/admin/leads/live', title: 'Live Leads' },
  { name: 'crm.leads.manual', path: '/admin/leads/manual', title: 'Manual Leads' },
  { name: 'crm.leads.all', path: '/admin/leads/all', title: 'All Leads' },
  { name: 'crm.clients', path: '/admin/crm/clients', title: 'Clients' },
  { name: 'crm.retention', path: '/admin/crm/retention', title: 'Retentions' },
  {
    name: 'admin.crmConfig.salesStatuses',
    path: '/admin/crm-config/sales-statuses',
    title: 'Sales Statuses',
  },
  { name: 'admin.crmConfig.teams', path: '/admin/crm-config/teams', title: 'Teams' },
  { name: 'admin.promoCode', path: '/admin/promo-code', title: 'Promo Code' },
  { name: 'crm.archived', path: '/admin/crm/archived', title: 'Archived' },
  { name: 'admin.audit.index', path: '/admin/audit', title: 'Audit Log' },
  { name: 'admin.users.index', path: '/admin/users', title: 'Admin & Staffs' },
  { name: 'admin.customers.all', path: '/admin/customers/all', title: 'All Customers' },
  {
    name: 'admin.customers.inactive',
    path: '/admin/customers/inactive',
    title: 'Inactive Customers',
  },
  { name: 'admin.settings', path: '/admin/settings', title: 'Site Settings' },
  { name: 'admin.apis', path: '/admin/apis', title: 'API Settings' },
  { name: 'admin.status.api', path: '/admin/status/api', title: 'API Status' },
  { name: 'admin.status.server', path: '/admin/status/server', title: 'Server Information' },
  { name: 'admin.languages.index', path: '/admin/languages', title: 'Languages' },
] as const satisfies readonly StaffScreen[]

export interface StaffScreen {
  name: string
  path: string
  title: string
  /** A title taken from the URL (a language code): shown as is, not translated. */
  verbatimTitle?: boolean
}

/**
 * Pages under a screen with no menu link of their own (a language's
 * translations under Languages): its route takes the screen's roles, the
 * menu keeps the screen's link active, and the heading is the URL's last
 * segment, as the spec titles the translations page by the code. A sub-page
 * may instead name its heading (`title`) and the menu link it keeps active
 * (`menuPath`): the edit customer page under /admin/customers/edit/{id}.
 */
export const STAFF_SUBPAGES: readonly StaffSubpage[] = [
  { name: 'admin.languages.show', parent: '/admin/languages', segment: LANGUAGE_CODE },
  {
    name: 'admin.customers.edit',
    parent: '/admin/customers/edit',
    segment: /^[1-9]\d{0,9}$/,
    title: 'Edit Customer',
    menuPath: '/admin/customers/all',
  },
]

export interface StaffSubpage {
  name: string
  parent: string
  segment: RegExp
  title?: string
  menuPath?: string
}

export type StaffScreenName = (typeof STAFF_SCREENS)[number]['name']

const BUILT = new Set<string>(STAFF_SCREENS.map((s) => s.path))

/**
 * Who may open a screen: every role the menu shows a link to its path to
 * (the same path may sit in two sections, as the sales desk does).
 */
export function screenRoles(path: string): RoleId[] {
  const roles = new Set<RoleId>()
  for (const section of MENU) {
    for (const link of section.links)
      if (link.href === path) link.roles.forEach((r) => roles.add(r))
  }
  if (roles.size === 0)
    throw new Error(`Staff screen ${path} has no menu entry, so no role may open it`)
  return [...roles].sort()
}

/** The back-office menu of a role: the specs' menu, only links to built screens. */
export function staffMenu(roleId: RoleId): MenuSection[] {
  return menuFor(roleId, (href) => BUILT.has(href))
}

/** The screen at a URL path (query and trailing slash ignored), if any. */
export function screenAt(url: string): StaffScreen | undefined {
  const path = url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1')
  const screen = STAFF_SCREENS.find((s) => s.path === path)
  if (screen) return screen
  const parent = path.slice(0, path.lastIndexOf('/'))
  const segment = path.slice(path.lastIndexOf('/') + 1)
  const sub = STAFF_SUBPAGES.find((p) => p.parent === parent && p.segment.test(segment))
  if (!sub) return undefined
  return sub.title
    ? { name: sub.name, path: sub.menuPath ?? sub.parent, title: sub.title }
    : { name: sub.name, path: sub.parent, title: segment, verbatimTitle: true }
}
