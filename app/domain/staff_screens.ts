import { Roles, type RoleId } from './roles.js'
import { LANGUAGE_CODE } from './languages.js'

/** The back-office menu's sections, in the order of the specs' menu tables (admin specs §2). */
export const MENU_SECTIONS = [
  'Dashboard',
  'Transactions',
  'User Management',
  'KYC',
  'Leads Management',
  'CRM',
  'Sales',
  'CRM Settings',
  'Trades',
  'Trade Management',
  'Site Management',
  'Server Management',
] as const
export type MenuSectionLabel = (typeof MENU_SECTIONS)[number]

/** Where a screen's link sits in the menu, and who sees it there (its label is the title unless named). */
export interface MenuPlacement {
  section: MenuSectionLabel
  label?: string
  roles: readonly RoleId[]
}

export interface StaffScreen {
  name: string
  path: string
  title: string
  /** A title taken from the URL (a language code): shown as is, not translated. */
  verbatimTitle?: boolean
}

/** A screen as declared: its page, its heading and its links in the menu. */
export interface StaffScreenDeclaration extends StaffScreen {
  menu: readonly MenuPlacement[]
}

const { ADMIN, MANAGER, AFFILIATE, SALES_AGENT, RETENTION_AGENT } = Roles
const ADMIN_ONLY = [ADMIN] as const
const DESK = [ADMIN, MANAGER] as const

/**
 * Every back-office screen, declared once, in the menu's order: route name,
 * path, heading and its menu links with the roles that see each (admin
 * specs §2 menu tables). From this list come the staff menu
 * (#domain/navigation), the screens' routes with their role rule
 * (start/routes/staff.ts), the role rule of each screen's API
 * (`screenAccess` in start/routes/screen_access.ts) and the heading of the
 * staff layout, so a screen, its link and its API cannot disagree on who
 * may open them. A screen opens to every role any of its links names (the
 * sales desk sits in two sections). A new staff screen is one entry here and
 * its page handler in start/routes/staff.ts.
 */
export const STAFF_SCREENS = [
  {
    name: 'admin.dashboard',
    path: '/admin',
    title: 'Dashboard',
    menu: [{ section: 'Dashboard', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.deposits.index',
    path: '/admin/deposits',
    title: 'Deposit History',
    menu: [{ section: 'Transactions', roles: DESK }],
  },
  {
    name: 'admin.gateways.automatic',
    path: '/admin/gateways',
    title: 'Automatic Gateways',
    menu: [{ section: 'Transactions', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.gateways.manual',
    path: '/admin/gateways/manual',
    title: 'Manual Gateways',
    menu: [{ section: 'Transactions', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.externalPayments.index',
    path: '/admin/externalPayments',
    title: 'External Payments',
    menu: [{ section: 'Transactions', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.withdraws.pending',
    path: '/admin/withdraws/pending',
    title: 'Pending Withdraws',
    menu: [{ section: 'Transactions', roles: DESK }],
  },
  {
    name: 'admin.withdraws.history',
    path: '/admin/withdraws/history',
    title: 'Withdraw History',
    menu: [{ section: 'Transactions', roles: DESK }],
  },
  {
    name: 'admin.withdraws.settings',
    path: '/admin/withdraws/settings',
    title: 'Withdraw Settings',
    menu: [{ section: 'Transactions', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.customers.all',
    path: '/admin/customers/all',
    title: 'All Customers',
    menu: [{ section: 'User Management', roles: DESK }],
  },
  {
    name: 'admin.customers.inactive',
    path: '/admin/customers/inactive',
    title: 'Inactive Customers',
    menu: [{ section: 'User Management', roles: DESK }],
  },
  {
    name: 'admin.users.index',
    path: '/admin/users',
    title: 'Admin & Staffs',
    menu: [{ section: 'User Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.kyc.index',
    path: '/admin/kyc',
    title: 'KYC Documents',
    menu: [{ section: 'KYC', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.restrictedCountries',
    path: '/admin/restricted-countries',
    title: 'Restricted Countries',
    menu: [{ section: 'KYC', roles: ADMIN_ONLY }],
  },
  {
    name: 'affiliate.leads',
    path: '/affiliate',
    title: 'Leads',
    menu: [{ section: 'Leads Management', roles: [AFFILIATE] }],
  },
  {
    name: 'affiliate.api',
    path: '/affiliate/api',
    title: 'API Key',
    menu: [{ section: 'Leads Management', roles: [AFFILIATE] }],
  },
  {
    name: 'crm.clients',
    path: '/admin/crm/clients',
    title: 'Clients',
    menu: [{ section: 'CRM', roles: DESK }],
  },
  {
    name: 'crm.sales.all',
    path: '/admin/crm/sales/all',
    title: 'All Leads',
    menu: [
      { section: 'CRM', label: 'Sales', roles: DESK },
      { section: 'Sales', label: 'All', roles: [ADMIN, MANAGER, SALES_AGENT] },
    ],
  },
  {
    name: 'crm.sales.manual',
    path: '/admin/crm/sales/manual',
    title: 'Manual Leads',
    menu: [{ section: 'Sales', label: 'Manual', roles: [ADMIN, MANAGER, SALES_AGENT] }],
  },
  {
    name: 'crm.sales.live',
    path: '/admin/crm/sales/live',
    title: 'Live Leads',
    menu: [{ section: 'Sales', label: 'Live', roles: [ADMIN, MANAGER, SALES_AGENT] }],
  },
  {
    name: 'crm.leads.live',
    path: '/admin/leads/live',
    title: 'Live Leads',
    menu: [{ section: 'CRM', roles: DESK }],
  },
  {
    name: 'crm.leads.manual',
    path: '/admin/leads/manual',
    title: 'Manual Leads',
    menu: [{ section: 'CRM', roles: DESK }],
  },
  {
    name: 'crm.leads.all',
    path: '/admin/leads/all',
    title: 'All Leads',
    menu: [{ section: 'CRM', roles: DESK }],
  },
  {
    name: 'crm.archived',
    path: '/admin/crm/archived',
    title: 'Archived',
    menu: [{ section: 'CRM', roles: DESK }],
  },
  {
    name: 'crm.retention',
    path: '/admin/crm/retention',
    title: 'Retentions',
    menu: [{ section: 'CRM', roles: [ADMIN, MANAGER, RETENTION_AGENT] }],
  },
  {
    name: 'admin.crmConfig.salesStatuses',
    path: '/admin/crm-config/sales-statuses',
    title: 'Sales Statuses',
    menu: [{ section: 'CRM Settings', roles: DESK }],
  },
  {
    name: 'admin.promoCode',
    path: '/admin/promo-code',
    title: 'Promo Code',
    menu: [
      {
        section: 'CRM Settings',
        roles: [ADMIN, MANAGER, AFFILIATE, SALES_AGENT, RETENTION_AGENT],
      },
    ],
  },
  {
    name: 'admin.crmConfig.teams',
    path: '/admin/crm-config/teams',
    title: 'Teams',
    menu: [{ section: 'CRM Settings', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.trades.all',
    path: '/admin/trades/all',
    title: 'All Trades',
    menu: [{ section: 'Trades', roles: DESK }],
  },
  {
    name: 'admin.trades.open',
    path: '/admin/trades/open',
    title: 'Open Trades',
    menu: [{ section: 'Trades', roles: DESK }],
  },
  {
    name: 'admin.trades.closed',
    path: '/admin/trades/closed',
    title: 'Closed Trades',
    menu: [{ section: 'Trades', roles: DESK }],
  },
  {
    name: 'admin.trades.pending',
    path: '/admin/trades/pending',
    title: 'Pending Orders',
    menu: [{ section: 'Trades', roles: DESK }],
  },
  {
    name: 'admin.instruments.forex',
    path: '/admin/instruments/forex',
    title: 'Forex',
    menu: [{ section: 'Trade Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.instruments.commodity',
    path: '/admin/instruments/commodity',
    title: 'Commodity',
    menu: [{ section: 'Trade Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.instruments.index',
    path: '/admin/instruments/index',
    title: 'Index',
    menu: [{ section: 'Trade Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.instruments.crypto',
    path: '/admin/instruments/crypto',
    title: 'Crypto',
    menu: [{ section: 'Trade Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.instruments.stock',
    path: '/admin/instruments/stock',
    title: 'Stock',
    menu: [{ section: 'Trade Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.spreads',
    path: '/admin/spreads',
    title: 'Spread Settings',
    menu: [{ section: 'Trade Management', label: 'Spreads', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.lots',
    path: '/admin/lots',
    title: 'Lot Settings',
    menu: [{ section: 'Trade Management', label: 'Lots', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.pricing.index',
    path: '/admin/pricing',
    title: 'Pricing Plans',
    menu: [{ section: 'Trade Management', roles: ADMIN_ONLY }],
  },
  // The dealing desk's exposure (issue 24 item 3).
  {
    name: 'admin.risk',
    path: '/admin/risk',
    title: 'Exposure',
    menu: [{ section: 'Trade Management', roles: DESK }],
  },
  {
    name: 'admin.settings',
    path: '/admin/settings',
    title: 'Site Settings',
    menu: [{ section: 'Site Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.languages.index',
    path: '/admin/languages',
    title: 'Languages',
    menu: [{ section: 'Site Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.apis',
    path: '/admin/apis',
    title: 'API Settings',
    menu: [{ section: 'Site Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.status.api',
    path: '/admin/status/api',
    title: 'API Status',
    menu: [{ section: 'Server Management', roles: ADMIN_ONLY }],
  },
  {
    name: 'admin.status.server',
    path: '/admin/status/server',
    title: 'Server Information',
    menu: [{ section: 'Server Management', roles: ADMIN_ONLY }],
  },
  // Beyond the specs' menu (issue 11 item 8): the log of staff actions.
  {
    name: 'admin.audit.index',
    path: '/admin/audit',
    title: 'Audit Log',
    menu: [{ section: 'Server Management', roles: ADMIN_ONLY }],
  },
] as const satisfies readonly StaffScreenDeclaration[]

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

/**
 * Who may open a screen, by path or by name: every role any of its menu
 * links names, so its page, its link and its API keep one rule.
 */
export function screenRoles(path: string): RoleId[] {
  const screen = (STAFF_SCREENS as readonly StaffScreenDeclaration[]).find((s) => s.path === path)
  if (!screen) throw new Error(`Staff screen ${path} has no menu entry, so no role may open it`)
  return rolesOf(screen)
}

export function screenRolesByName(name: StaffScreenName): RoleId[] {
  return rolesOf(staffScreen(name))
}

/** A screen's declaration by its route name. */
export function staffScreen(name: StaffScreenName): StaffScreenDeclaration {
  return STAFF_SCREENS.find((s) => s.name === name)!
}

function rolesOf(screen: StaffScreenDeclaration): RoleId[] {
  const roles = new Set<RoleId>(screen.menu.flatMap((placement) => placement.roles))
  if (roles.size === 0)
    throw new Error(`Staff screen ${screen.path} has no menu entry, so no role may open it`)
  return [...roles].sort()
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
