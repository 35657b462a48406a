/**
 * The staff actions the audit log records and the kinds of thing they act on
 * (issue 11 item 8). One list, so the writer (`recordStaffAction` takes only
 * these), the filter's validator and the page's filter menu agree. A new
 * staff write adds its action here (and its label's Spanish entry in
 * database/demo/translations.ts). Browser-safe: the page imports it.
 */
import { API_SETTINGS } from './api_settings.js'

export const AUDIT_ACTIONS = {
  'deposit.approve': 'Deposit approved',
  'deposit.decline': 'Deposit declined',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.decline': 'Withdrawal declined',
  'withdraw_settings.update': 'Withdraw settings updated',
  'gateway.update': 'Gateway updated',
  'external_payment.create': 'External payment added',
  'external_payment.update': 'External payment updated',
  'external_payment.delete': 'External payment deleted',
  'kyc.approve': 'KYC approved',
  'kyc.decline': 'KYC declined',
  'login_as.start': 'Login as customer started',
  'login_as.end': 'Login as customer ended',
  'order.close': 'Trade closed',
  'order.update': 'Trade edited',
  'order.delete': 'Trade deleted',
  'balance.adjust': 'Balance adjusted',
  'settings.update': 'Settings updated',
  'pricing_plan.create': 'Pricing plan added',
  'pricing_plan.update': 'Pricing plan updated',
  'pricing_plan.delete': 'Pricing plan deleted',
  'instrument.create': 'Instrument added',
  'instrument.update': 'Instrument updated',
  'instrument.delete': 'Instrument deleted',
  'user.create': 'User added',
  'user.update': 'User updated',
  'user.delete': 'User deleted',
  'user.archive': 'User deactivated, records kept',
  'user.address_refused': 'Access refused: address not in the whitelist',
  'user.whitelist_console_clear': 'IP whitelist cleared from the console',
  'language.update': 'Languages updated',
  'translation.create': 'Translation added',
  'translation.update': 'Translation updated',
  'translation.delete': 'Translation deleted',
  'user.two_factor_reset': 'Two-factor login reset',
  'user.two_factor_console_reset': 'Two-factor login reset from the console',
  'sales_status.create': 'Sales status added',
  'sales_status.update': 'Sales status updated',
  'sales_status.delete': 'Sales status deleted',
  'team.create': 'Team added',
  'team.update': 'Team updated',
  'team.delete': 'Team deleted',
  'promo_code.generate': 'Promo code generated',
  'lead.call': 'Lead called',
  'lead.note': 'Lead note added',
  'lead.bulk_move': 'Leads moved',
  'lead.bulk_assign': 'Leads assigned',
  'lead.create': 'Lead added',
  'lead.update': 'Lead edited',
  'lead.convert': 'Lead converted to a customer',
  'lead.delete': 'Lead deleted',
  'lead.import': 'Leads imported from CSV',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS
export const AUDIT_ACTION_VALUES = Object.keys(AUDIT_ACTIONS) as AuditAction[]

/** What an action acts on; `target_id` is that row's id (or key, for settings and gateways). */
export const AUDIT_TARGETS = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  setting: 'Setting',
  gateway: 'Gateway',
  external_payment: 'External payment',
  kyc_document: 'KYC document',
  user: 'User',
  order: 'Trade',
  balance: 'Wallet',
  pricing_plan: 'Pricing plan',
  instrument: 'Instrument',
  language: 'Language',
  translation: 'Translation',
  sales_status: 'Sales status',
  team: 'Team',
  promo_code: 'Promo code',
  lead: 'Lead',
} as const

export type AuditTargetType = keyof typeof AUDIT_TARGETS
export const AUDIT_TARGET_VALUES = Object.keys(AUDIT_TARGETS) as AuditTargetType[]

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value)
}

export function isAuditTargetType(value: unknown): value is AuditTargetType {
  return typeof value === 'string' && Object.hasOwn(AUDIT_TARGETS, value)
}

/** How the screen names a setting target by its key (a settings screen that audits its writes adds its key). */
export const AUDIT_SETTING_NAMES: Record<string, string> = {
  withdrawSettings: 'Withdraw Settings',
  spreads: 'Spread Settings',
  lots: 'Lot Settings',
  lotSelector: 'Lot Selector',
  site: 'Site Settings',
  // API Settings cards, by their row key: the card's title.
  ...Object.fromEntries(API_SETTINGS.map((card) => [card.key, card.title])),
}

/** A target's id as stored and filtered: a row id's decimal text or a key such as 'withdrawSettings' or 'stripe'. */
export const AUDIT_TARGET_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/

/** How the screen names the fields actions record (a gateway's key slots take its form's labels). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  declineReason: 'Decline Reason',
  // A login-as session that ended by itself (30 minutes) rather than by Back To Admin.
  reason: 'Reason',
  balanceAfter: 'Balance After',
  feePercentage: 'Fee Percentage',
  feeFixed: 'Fixed Fee',
  name: 'Name',
  link: 'Link',
  customLabel: 'Custom Label',
  customValue: 'Custom Value',
  logo: 'Logo',
  fee: 'Fee',
  isActive: 'Active',
  description: 'Description',
  price: 'Price',
  forexLeverage: 'Forex Leverage',
  commodityLeverage: 'Commodity Leverage',
  indexLeverage: 'Index Leverage',
  stockLeverage: 'Stock Leverage',
  cryptoLeverage: 'Crypto Leverage',
  forexStopout: 'Forex Stop-out',
  commodityStopout: 'Commodity Stop-out',
  indexStopout: 'Index Stop-out',
  stockStopout: 'Stock Stop-out',
  cryptoStopout: 'Crypto Stop-out',
  base: 'Base',
  quote: 'Quote',
  category: 'Category',
  bids: 'Bids',
  asks: 'Asks',
  tradingview: 'Chart Provider',
  alias: 'Alias',
  leverage: 'Leverage',
  tradable: 'Tradable',
  swap: 'Swap',
  openRate: 'Open Rate',
  closeRate: 'Close Rate',
  spread: 'Spread',
  takeProfit: 'Take Profit',
  stopLoss: 'Stop Loss',
  openTime: 'Open Time',
  proLoss: 'Profit/Loss',
  correction: 'Correction',
  deleted: 'Deleted',
  marginUsed: 'Margin Used',
  releasedMargin: 'Released Margin',
  reversed: 'Reversed',
  balance: 'Balance',
  adjustment: 'Adjustment',
  comment: 'Comment',
  lotSelector: 'Lot Selector',
  fullName: 'Full Name',
  email: 'Email',
  roleId: 'Role',
  isEmailVerified: 'Email Verified',
  whitelist: 'IP Whitelist',
  password: 'Password',
  path: 'Path',
  languages: 'Languages',
  translationsDeleted: 'Translations Deleted',
  code: 'Code',
  key: 'Key',
  value: 'Value',
  isDefault: 'Is Default',
  userId: 'Manager',
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone',
  country: 'Country',
  city: 'City',
  funnelLink: 'Funnel Link',
  reference: 'Aff. Reference',
  leadSourceId: 'Lead Source ID',
  salesStatusId: 'Sale Status',
  source: 'Source',
  affiliateId: 'Affiliator',
  managerId: 'Sale Manager',
  linked: 'Linked Customer',
  file: 'File',
  rows: 'Rows',
  created: 'Created',
  duplicates: 'Duplicates',
  invalid: 'Invalid',
  memberIds: 'Members',
  callId: 'Call Record',
  agentEmail: 'Agent Email',
  result: 'Result',
  message: 'Message',
  providerCallId: 'Voiso Call ID',
  content: 'Content',
  ids: 'Leads',
  count: 'Count',
  group: 'Desk',
  agentId: 'Sales Agent',
  retId: 'Retention Agent',
}
