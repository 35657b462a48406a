import { Roles, type RoleId } from './roles.js'

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
  {
    label: 'Dashboard',
    roles: [Roles.ADMIN],
    links: [{ label: 'Dashboard', href: '/admin', roles: [Roles.ADMIN] }],
  },
  {
    label: 'Transactions',
    roles: [Roles.ADMIN, Roles.MANAGER],
    links: [
      { label: 'Deposit History', href: '/admin/deposits', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Automatic Gateways', href: '/admin/gateways', roles: [Roles.ADMIN] },
      { label: 'Manual Gateways', href: '/admin/gateways/manual', roles: [Roles.ADMIN] },
      { label: 'External Payments', href: '/admin/externalPayments', roles: [Roles.ADMIN] },
      {
        label: 'Pending Withdraws',
        href: '/admin/withdraws/pending',
        roles: [Roles.ADMIN, Roles.MANAGER],
      },
      {
        label: 'Withdraw History',
        href: '/admin/withdraws/history',
        roles: [Roles.ADMIN, Roles.MANAGER],
      },
      { label: 'Withdraw Settings', href: '/admin/withdraws/settings', roles: [Roles.ADMIN] },
    ],
  },
  {
    label: 'User Management',
    roles: [Roles.ADMIN, Roles.MANAGER],
    links: [
      { label: 'All Customers', href: '/admin/customers/all', roles: [Roles.ADMIN, Roles.MANAGER] },
      {
        label: 'Inactive Customers',
        href: '/admin/customers/inactive',
        roles: [Roles.ADMIN, Roles.MANAGER],
      },
      { label: 'Admin & Staffs', href: '/admin/users', roles: [Roles.ADMIN] },
    ],
  },
  {
    label: 'KYC',
    roles: [Roles.ADMIN],
    links: [{ label: 'KYC Documents', href: '/admin/kyc', roles: [Roles.ADMIN] }],
  },
  {
    label: 'Leads Management',
    roles: [Roles.ADMIN, Roles.AFFILIATE],
    links: [
      { label: 'Leads', href: '/affiliate', roles: [Roles.AFFILIATE] },
      { label: 'API Key', href: '/affiliate/api', roles: [Roles.AFFILIATE] },
    ],
  },
  {
    label: 'CRM',
    roles: [Roles.ADMIN, Roles.MANAGER, Roles.RETENTION_AGENT],
    links: [
      { label: 'Clients', href: '/admin/crm/clients', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Sales', href: '/admin/crm/sales/all', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Live Leads', href: '/admin/leads/live', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Manual Leads', href: '/admin/leads/manual', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'All Leads', href: '/admin/leads/all', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Archived', href: '/admin/crm/archived', roles: [Roles.ADMIN, Roles.MANAGER] },
      {
        label: 'Retentions',
        href: '/admin/crm/retention',
        roles: [Roles.ADMIN, Roles.MANAGER, Roles.RETENTION_AGENT],
      },
    ],
  },
  {
    label: 'Sales',
    roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT],
    links: [
      {
        label: 'All',
        href: '/admin/crm/sales/all',
        roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT],
      },
      {
        label: 'Manual',
        href: '/admin/crm/sales/manual',
        roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT],
      },
      {
        label: 'Live',
        href: '/admin/crm/sales/live',
        roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT],
      },
    ],
  },
  {
    label: 'CRM Settings',
    roles: [Roles.ADMIN, Roles.MANAGER, Roles.AFFILIATE, Roles.SALES_AGENT, Roles.RETENTION_AGENT],
    links: [
      {
        label: 'Sales Statuses',
        href: '/admin/crm-config/sales-statuses',
        roles: [Roles.ADMIN, Roles.MANAGER],
      },
      {
        label: 'Promo Code',
        href: '/admin/promo-code',
        roles: [
          Roles.ADMIN,
          Roles.MANAGER,
          Roles.AFFILIATE,
          Roles.SALES_AGENT,
          Roles.RETENTION_AGENT,
        ],
      },
      { label: 'Teams', href: '/admin/crm-config/teams', roles: [Roles.ADMIN] },
    ],
  },
  {
    label: 'Trades',
    roles: [Roles.ADMIN, Roles.MANAGER],
    links: [
      { label: 'All Trades', href: '/admin/trades/all', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Open Trades', href: '/admin/trades/open', roles: [Roles.ADMIN, Roles.MANAGER] },
      { label: 'Closed Trades', href: '/admin/trades/closed', roles: [Roles.ADMIN, Roles.MANAGER] },
      {
        label: 'Pending Orders',
        href: '/admin/trades/pending',
        roles: [Roles.ADMIN, Roles.MANAGER],
      },
    ],
  },
  {
    label: 'Trade Management',
    roles: [Roles.ADMIN, Roles.MANAGER],
    links: [
      { label: 'Forex', href: '/admin/instruments/forex', roles: [Roles.ADMIN] },
      { label: 'Commodity', href: '/admin/instruments/commodity', roles: [Roles.ADMIN] },
      { label: 'Index', href: '/admin/instruments/index', roles: [Roles.ADMIN] },
      { label: 'Crypto', href: '/admin/instruments/crypto', roles: [Roles.ADMIN] },
      { label: 'Stock', href: '/admin/instruments/stock', roles: [Roles.ADMIN] },
      { label: 'Spreads', href: '/admin/spreads', roles: [Roles.ADMIN] },
      { label: 'Lots', href: '/admin/lots', roles: [Roles.ADMIN] },
      { label: 'Pricing Plans', href: '/admin/pricing', roles: [Roles.ADMIN] },
      // The dealing desk's exposure (issue 24 item 3).
      { label: 'Exposure', href: '/admin/risk', roles: [Roles.ADMIN, Roles.MANAGER] },
    ],
  },
  {
    label: 'Site Management',
    roles: [Roles.ADMIN],
    links: [
      { label: 'Site Settings', href: '/admin/settings', roles: [Roles.ADMIN] },
      { label: 'Languages', href: '/admin/languages', roles: [Roles.ADMIN] },
      { label: 'API Settings', href: '/admin/apis', roles: [Roles.ADMIN] },
    ],
  },
  {
    label: 'Server Management',
    roles: [Roles.ADMIN],
    links: [
      { label: 'API Status', href: '/admin/status/api', roles: [Roles.ADMIN] },
      { label: 'Server Information', href: '/admin/status/server', roles: [Roles.ADMIN] },
      // Beyond the specs' menu (issue 11 item 8): the log of staff actions.
      { label: 'Audit Log', href: '/admin/audit', roles: [Roles.ADMIN] },
    ],
  },
]

/**
 * The sections and links a role sees: a section only if listed, its links
 * filtered again, and only links to pages that exist when `exists` is given.
 */
export function menuFor(
  roleId: RoleId,
  exists: (href: string) => boolean = () => true
): MenuSection[] {
  return MENU.filter((s) => s.roles.includes(roleId))
    .map((s) => ({
      ...s,
      links: s.links.filter((l) => l.roles.includes(roleId) && exists(l.href)),
    }))
    .filter((s) => s.links.length > 0)
}
