/** Role ids as every spec names them. */
export const Roles = {
  ADMIN: 1,
  MANAGER: 2,
  CUSTOMER: 3,
  AFFILIATE: 4,
  SALES_AGENT: 5,
  RETENTION_AGENT: 6,
} as const

export type RoleId = (typeof Roles)[keyof typeof Roles]

export const ALL_ROLES: readonly RoleId[] = [1, 2, 3, 4, 5, 6]
export const STAFF_ROLES: readonly RoleId[] = [1, 2, 4, 5, 6]
export const AGENT_ROLES: readonly RoleId[] = [5, 6]
/** Who may add to or subtract from a customer's balance (admin spec §2 Balance adjustment, §6: never role 6). */
export const BALANCE_ADJUSTMENT_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]

export const ROLE_LABELS: Record<RoleId, string> = {
  1: 'Admin',
  2: 'Manager',
  3: 'User',
  4: 'Affiliator',
  5: 'Agent',
  6: 'Retention Agent',
}

/**
 * The footer's role button: where each staff role works (customer spec §2 Footer).
 * Customers have none.
 */
export const ROLE_HOME: Partial<Record<RoleId, { href: string; label: string }>> = {
  1: { href: '/admin', label: 'Admin' },
  2: { href: '/admin/trades/all', label: 'Manager' },
  4: { href: '/affiliate', label: 'Affiliate' },
  5: { href: '/admin/crm/sales/all', label: 'Agent' },
  6: { href: '/admin/crm/retention', label: 'Agent' },
}

/** Where a user lands after login: the trading dashboard, as the spec says for everyone. */
export function landingPathFor(_roleId: RoleId) {
  return '/dashboard'
}
