import { Roles, type RoleId } from '@domain/roles'

/**
 * The account links of the sidebar and top bar (customer spec §2 Shell). Money,
 * KYC and statements belong to customers (spec §6); the server refuses them to
 * staff, so the menu does not offer them.
 */
export const ACCOUNT_LINKS = [
  { href: '/deposits', label: 'Deposits', customerOnly: true },
  { href: '/withdraws', label: 'Withdraws', customerOnly: true },
  { href: '/profile', label: 'Personal Information' },
  { href: '/kyc', label: 'KYC', customerOnly: true },
  { href: '/security', label: 'Security' },
  { href: '/statements', label: 'Statements', customerOnly: true },
  { href: '/pricing', label: 'My Plan', needsPricingPlan: true, customerOnly: true },
] as const

export function accountLinks(pricingPlan: 'on' | 'off', roleId: RoleId | null | undefined) {
  return ACCOUNT_LINKS.filter(
    (l) =>
      (!('needsPricingPlan' in l) || pricingPlan === 'on') &&
      (!('customerOnly' in l) || roleId === Roles.CUSTOMER)
  )
}
