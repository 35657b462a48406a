/**
 * The Spanish dictionary the demo seeds and the tests check for completeness
 * (keys are the English text). One file per area under translations/, so work
 * on different screens never edits the same lines.
 */
import { CORE } from '#database/demo/translations/core'
import { TEXTS as STAFF_USERS } from '#database/demo/translations/staff_users'
import { TEXTS as TWO_FACTOR } from '#database/demo/translations/two_factor'
import { TEXTS as LANGUAGES } from '#database/demo/translations/languages'
import { TEXTS as SITE_SETTINGS } from '#database/demo/translations/site_settings'
import { TEXTS as FEED_STATUS } from '#database/demo/translations/feed_status'
import { TEXTS as CRM_CONFIG } from '#database/demo/translations/crm_config'
import { TEXTS as CRM_CALLS } from '#database/demo/translations/crm_calls'
import { TEXTS as CRM_LEADS } from '#database/demo/translations/crm_leads'
import { TEXTS as LEAD_ADMIN } from '#database/demo/translations/lead_admin'
import { TEXTS as CUSTOMERS } from '#database/demo/translations/customers'
import { TEXTS as TRACKING } from '#database/demo/translations/tracking'
import { TEXTS as LOGIN_AS } from '#database/demo/translations/login_as'
import { TEXTS as AFFILIATES } from '#database/demo/translations/affiliates'
import { TEXTS as LOGIN_AS_WRITES } from '#database/demo/translations/login_as_writes'
import { TEXTS as SECURITY } from '#database/demo/translations/security'
import { TEXTS as CUSTOMER_WALK } from '#database/demo/translations/customer_walk'
import { TEXTS as TRADE_CORRECTIONS } from '#database/demo/translations/trade_corrections'
import { TEXTS as ISSUE21_STAFF } from '#database/demo/translations/issue21_staff'
import { TEXTS as VOISO_CONNECTION } from '#database/demo/translations/voiso_connection'
import { TEXTS as TRAILING_STOP } from '#database/demo/translations/trailing_stop'
import { TEXTS as PARTIAL_CLOSE } from '#database/demo/translations/partial_close'
import { TEXTS as PENDING_ORDERS_SERVER } from '#database/demo/translations/pending_orders_server'
import { TEXTS as STAFF_PENDING_ORDERS } from '#database/demo/translations/staff_pending_orders'
import { TEXTS as TRADING_ORDERS } from '#database/demo/translations/trading_orders'
import { TEXTS as SWAPS_EVIDENCE } from '#database/demo/translations/swaps_evidence'
import { TEXTS as RISK_EXPOSURE } from '#database/demo/translations/risk_exposure'
import { TEXTS as LIMITS_RECONCILE } from '#database/demo/translations/limits_reconcile'
import { TEXTS as EVIDENCE_MARGIN } from '#database/demo/translations/evidence_margin'
import { TEXTS as AUDIT_STATUSES } from '#database/demo/translations/audit_statuses'
import { TEXTS as SWAPS } from '#database/demo/translations/swaps'
import { TEXTS as RESTRICTED_COUNTRIES } from '#database/demo/translations/restricted_countries'

export const SPANISH: Record<string, string> = {
  ...CORE,
  ...STAFF_USERS,
  ...TWO_FACTOR,
  ...LANGUAGES,
  ...SITE_SETTINGS,
  ...FEED_STATUS,
  ...CRM_CONFIG,
  ...CRM_CALLS,
  ...CRM_LEADS,
  ...LEAD_ADMIN,
  ...CUSTOMERS,
  ...TRACKING,
  ...LOGIN_AS,
  ...AFFILIATES,
  ...LOGIN_AS_WRITES,
  ...SECURITY,
  ...CUSTOMER_WALK,
  ...TRADE_CORRECTIONS,
  ...ISSUE21_STAFF,
  ...VOISO_CONNECTION,
  ...TRAILING_STOP,
  ...PARTIAL_CLOSE,
  ...PENDING_ORDERS_SERVER,
  ...STAFF_PENDING_ORDERS,
  ...TRADING_ORDERS,
  ...SWAPS_EVIDENCE,
  ...RISK_EXPOSURE,
  ...LIMITS_RECONCILE,
  ...EVIDENCE_MARGIN,
  ...AUDIT_STATUSES,
  ...SWAPS,
  ...RESTRICTED_COUNTRIES,
}
