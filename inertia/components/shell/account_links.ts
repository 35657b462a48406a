/** The account links of the sidebar and top bar (customer spec §2 Shell). */
export const ACCOUNT_LINKS = [
  { href: '/deposits', label: 'Deposits' },
  { href: '/withdraws', label: 'Withdraws' },
  { href: '/profile', label: 'Personal Information' },
  { href: '/kyc', label: 'KYC' },
  { href: '/security', label: 'Security' },
  { href: '/statements', label: 'Statements' },
  { href: '/pricing', label: 'My Plan', needsPricingPlan: true },
] as const

export function accountLinks(pricingPlan: 'on' | 'off') {
  return ACCOUNT_LINKS.filter((l) => !('needsPricingPlan' in l) || pricingPlan === 'on')
}
