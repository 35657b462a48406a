import type { RoleId } from './roles.js'

/**
 * The back-office menu with the role ids that see each entry (admin specs
 * §2 menu tables). Routes enforce the same rules on the server; the menu only
 * mirrors them.
 */
export interface MenuLink {
  label: string
  href: string
  roles: readonly RoleId[]
}
export interface MenuSection {
  label: string
  roles: readonly RoleId[]
  links: MenuLink[]
}

export const MENU: readonly MenuSection[] = [
  { label: 'Dashboard', roles: [1], links: [{ label: 'Dashboard', href: '/admin', roles: [1] }] },
  {
    label: 'Transactions',
    roles: [1, 2],
    links: [
      { label: 'Deposit History', href: '/admin/deposits', roles: [1, 2] },
      { label: 'Automatic Gateways', href: '/admin/gateways', roles: [1] },
      { label: 'Manual Gateways', href: '/admin/gateways/manual', roles: [1] },
      { label: 'External Payments', href: '/admin/externalPayments', roles: [1] },
      { label: 'Pending Withdraws', href: '/admin/withdraws/pending', roles: [1, 2] },
      { label: 'Withdraw History', href: '/admin/withdraws/history', roles: [1, 2] },
      { label: 'Withdraw Settings', href: '/admin/withdraws/settings', roles: [1] },
    ],
  },
  {
    label: 'User Management',
    roles: [1, 2],
    links: [
      { label: 'All Customers', href: '/admin/customers/all', roles: [1, 2] },
      { label: 'Inactive Customers', href: '/admin/customers/inactive', roles: [1, 2] },
      { label: 'Admin & Staffs', href: '/admin/users', roles: [1] },
    ],
  },
  { label: 'KYC', roles: [1], links: [{ label: 'KYC Documents', href: '/admin/kyc', roles: [1] }] },
  {
    label: 'Leads Management',
    roles: [1, 4],
    links: [
      { label: 'Leads', href: '/affiliate', roles: [4] },
      { label: 'API Key', href: '/affiliate/api', roles: [4] },
    ],
  },
  {
    label: 'CRM',
    roles: [1, 2, 6],
    links: [
      { label: 'Clients', href: '/admin/crm/clients', roles: [1, 2] },
      { label: 'Sales', href: '/admin/crm/sales/all', roles: [1, 2] },
      { label: 'Live Leads', href: '/admin/leads/live', roles: [1, 2] },
      { label: 'Manual Leads', href: '/admin/leads/manual', roles: [1, 2] },
      { label: 'All Leads', href: '/admin/leads/all', roles: [1, 2] },
      { label: 'Archived', href: '/admin/crm/archived', roles: [1, 2] },
      { label: 'Retentions', href: '/admin/crm/retention', roles: [1, 2, 6] },
    ],
  },
  {
    label: 'Sales',
    roles: [1, 2, 5],
    links: [
      { label: 'All', href: '/admin/crm/sales/all', roles: [1, 2, 5] },
      { label: 'Manual', href: '/admin/crm/sales/manual', roles: [1, 2, 5] },
      { label: 'Live', href: '/admin/crm/sales/live', roles: [1, 2, 5] },
    ],
  },
  {
    label: 'CRM Settings',
    roles: [1, 2, 4, 5, 6],
    links: [
      { label: 'Sales Statuses', href: '/admin/crm-config/sales-statuses', roles: [1, 2] },
      { label: 'Promo Code', href: '/admin/promo-code', roles: [1, 2, 4, 5, 6] },
      { label: 'Teams', href: '/admin/crm-config/teams', roles: [1] },
    ],
  },
  {
    label: 'Trades',
    roles: [1, 2],
    links: [
      { label: 'All Trades', href: '/admin/trades/all', roles: [1, 2] },
      { label: 'Open Trades', href: '/admin/trades/open', roles: [1, 2] },
      { label: 'Closed Trades', href: '/admin/trades/closed', roles: [1, 2] },
    ],
  },
  {
    label: 'Trade Management',
    roles: [1],
    links: [
      { label: 'Forex', href: '/admin/instruments/forex', roles: [1] },
      { label: 'Commodity', href: '/admin/instruments/commodity', roles: [1] },
      { label: 'Index', href: '/admin/instruments/index', roles: [1] },
      { label: 'Crypto', href: '/admin/instruments/crypto', roles: [1] },
      { label: 'Stock', href: '/admin/instruments/stock', roles: [1] },
      { label: 'Spreads', href: '/admin/spreads', roles: [1] },
      { label: 'Lots', href: '/admin/lots', roles: [1] },
      { label: 'Pricing Plans', href: '/admin/pricing', roles: [1] },
    ],
  },
  {
    label: 'Site Management',
    roles: [1],
    links: [
      { label: 'Site Settings', href: '/admin/settings', roles: [1] },
      { label: 'Languages', href: '/admin/languages', roles: [1] },
      { label: 'API Settings', href: '/admin/apis', roles: [1] },
    ],
  },
  {
    label: 'Server Management',
    roles: [1],
    links: [
      { label: 'API Status', href: '/admin/status/api', roles: [1] },
      { label: 'Server Information', href: '/admin/status/server', roles: [1] },
    ],
  },
]

/**
 * The sections and links a role sees: a section only if listed, its links
 * filtered again, and only links to pages that exist when `exists` is given.
 */
export function menuFor(roleId: RoleId, exists: (href: string) => boolean = () => true): MenuSection[] {
  return MENU.filter((s) => s.roles.includes(roleId))
    .map((s) => ({ ...s, links: s.links.filter((l) => l.roles.includes(roleId) && exists(l.href)) }))
    .filter((s) => s.links.length > 0)
}
