import { Roles, type RoleId } from '@domain/roles'
import { route } from '~/lib/routes'

/**
 * The account links of the sidebar and top bar (customer spec §2 Shell). Money,
 * KYC and statements belong to customers (spec §6); the server refuses them to
 * staff, so the menu does not offer them.
 */
export const ACCOUNT_LINKS = [
  { href: route('deposits.index'), label: 'Deposits', customerOnly: true },
  { href: route('withdraws.index'), label: 'Withdraws', customerOnly: true },
  { href: route('profile.show'), label: 'Personal Information' },
  { href: route('kyc.show'), label: 'KYC', customerOnly: true },
  { href: route('security.show'), label: 'Security' },
  { href: route('statements.index'), label: 'Statements', customerOnly: true },
  { href: route('pricing.show'), label: 'My Plan', needsPricingPlan: true, customerOnly: true },
] as const

export function accountLinks(pricingPlan: 'on' | 'off', roleId: RoleId | null | undefined) {
  return ACCOUNT_LINKS.filter(
    (l) =>
      (!('needsPricingPlan' in l) || pricingPlan === 'on') &&
      (!('customerOnly' in l) || roleId === Roles.CUSTOMER)
  )
}
