import router from '@adonisjs/core/services/router'
import type { RouteFn } from '@adonisjs/http-server/types'
import { middleware } from '#start/kernel'
import { screenAccess } from '#start/routes/screen_access'
import { registerStaffList } from '#start/routes/staff_lists'
import { EXTERNAL_PAYMENT_LIST } from '#domain/staff_lists/external_payments'
import { RESTRICTED_COUNTRY_LIST } from '#domain/staff_lists/restricted_countries'
import { BALANCE_ADJUSTMENT_ROLES } from '#domain/roles'
import { STAFF_SCREENS, type StaffScreenName } from '#domain/staff_screens'

const KycDocumentsController = () => import('#controllers/staff/kyc_documents_controller')
const WithdrawalsController = () => import('#controllers/staff/withdrawals_controller')
const StaffDepositsController = () => import('#controllers/staff/deposits_controller')
const GatewaysController = () => import('#controllers/staff/gateways_controller')
const ExternalPaymentsController = () => import('#controllers/staff/external_payments_controller')
const RestrictedCountriesList = () => import('#controllers/staff/lists/restricted_countries')
const TradesController = () => import('#controllers/staff/trades_controller')
const PendingOrdersPageController = () =>
  import('#controllers/staff/pending_orders_page_controller')
const StaffPendingOrdersController = () => import('#controllers/staff/pending_orders_controller')
const BalancesController = () => import('#controllers/staff/balances_controller')
const TradingSettingsController = () => import('#controllers/staff/trading_settings_controller')
const AuditLogsController = () => import('#controllers/staff/audit_logs_controller')
const DashboardController = () => import('#controllers/staff/dashboard_controller')
const PricingPlansController = () => import('#controllers/staff/pricing_plans_controller')
const InstrumentsController = () => import('#controllers/staff/instruments_controller')
const StaffUsersController = () => import('#controllers/staff/staff_users_controller')
const SiteSettingsController = () => import('#controllers/staff/site_settings_controller')
const ApiSettingsController = () => import('#controllers/staff/api_settings_controller')
const SystemStatusController = () => import('#controllers/staff/system_status_controller')
const LanguagesController = () => import('#controllers/staff/languages_controller')
const CrmConfigController = () => import('#controllers/staff/crm_config_controller')
const CrmLeadsController = () => import('#controllers/staff/crm_leads_controller')
const CustomersController = () => import('#controllers/staff/customers_controller')
const AffiliatesController = () => import('#controllers/staff/affiliates_controller')
const RiskExposureController = () => import('#controllers/staff/risk_exposure_controller')

type PageHandler = [() => Promise<{ default: any }>, string] | RouteFn

/*
 * The page of each staff screen (app/domain/staff_screens.ts holds their paths, names and
 * headings), but those a declared list's module answers (`registerStaffList`); start/routes.ts
 * checks that every screen has its page.
 */
export const SCREEN_PAGES: Partial<Record<StaffScreenName, PageHandler>> = {
  'admin.dashboard': [DashboardController, 'page'],
  'admin.deposits.index': [StaffDepositsController, 'page'],
  'admin.gateways.automatic': [GatewaysController, 'automatic'],
  'admin.gateways.manual': [GatewaysController, 'manual'],
  'admin.externalPayments.index': [ExternalPaymentsController, 'index'],
  'admin.withdraws.pending': [WithdrawalsController, 'pendingPage'],
  'admin.withdraws.history': [WithdrawalsController, 'historyPage'],
  'admin.withdraws.settings': [WithdrawalsController, 'settings'],
  'admin.kyc.index': [KycDocumentsController, 'index'],
  'admin.trades.all': [TradesController, 'all'],
  'admin.trades.open': [TradesController, 'open'],
  'admin.trades.closed': [TradesController, 'closed'],
  'admin.trades.pending': [PendingOrdersPageController, 'page'],
  'admin.spreads': [TradingSettingsController, 'spreads'],
  'admin.lots': [TradingSettingsController, 'lots'],
  'admin.pricing.index': [PricingPlansController, 'index'],
  'admin.risk': [RiskExposureController, 'page'],
  'admin.instruments.forex': [InstrumentsController, 'index'],
  'admin.instruments.commodity': [InstrumentsController, 'index'],
  'admin.instruments.index': [InstrumentsController, 'index'],
  'admin.instruments.crypto': [InstrumentsController, 'index'],
  'admin.instruments.stock': [InstrumentsController, 'index'],
  'affiliate.leads': [AffiliatesController, 'leadsPage'],
  'affiliate.api': [AffiliatesController, 'apiPage'],
  'admin.crmConfig.teams': [CrmConfigController, 'teamsPage'],
  'admin.promoCode': [CrmConfigController, 'promoCodePage'],
  'crm.sales.all': [CrmLeadsController, 'salesAll'],
  'crm.sales.manual': [CrmLeadsController, 'salesManual'],
  'crm.sales.live': [CrmLeadsController, 'salesLive'],
  'crm.leads.live': [CrmLeadsController, 'newLive'],
  'crm.leads.manual': [CrmLeadsController, 'newManual'],
  'crm.leads.all': [CrmLeadsController, 'newAll'],
  'crm.clients': [CrmLeadsController, 'clients'],
  'crm.retention': [CrmLeadsController, 'retention'],
  'crm.archived': [CrmLeadsController, 'archived'],
  'admin.audit.index': [AuditLogsController, 'index'],
  'admin.users.index': [StaffUsersController, 'index'],
  'admin.customers.all': [CustomersController, 'all'],
  'admin.customers.inactive': [CustomersController, 'inactive'],
  'admin.settings': [SiteSettingsController, 'show'],
  'admin.apis': [ApiSettingsController, 'page'],
  'admin.status.api': [SystemStatusController, 'apiPage'],
  'admin.status.server': [SystemStatusController, 'serverPage'],
  'admin.languages.index': [LanguagesController, 'index'],
}

/* Each screen's page, open to the roles its menu link names. */
for (const screen of STAFF_SCREENS) {
  const page = SCREEN_PAGES[screen.name]
  if (!page) continue
  router
    .get(screen.path, page as any)
    .as(screen.name)
    .use(screenAccess(screen.name))
}

/* Dashboard (admin spec §2 Dashboard, §7 GET /admin/dashboard; menu: role 1). */
router
  .get('/admin/dashboard', [DashboardController, 'data'])
  .as('admin.dashboard.data')
  .use(screenAccess('admin.dashboard'))

/* Withdraws (admin spec §2 menu: pending and history for roles 1, 2; settings for role 1). */
router
  .group(() => {
    router
      .get('/admin/withdraws/api/pending', [WithdrawalsController, 'pending'])
      .as('admin.withdraws.api.pending')
    router
      .get('/admin/withdraws/api/history', [WithdrawalsController, 'history'])
      .as('admin.withdraws.api.history')
    router
      .get('/admin/withdraws/api/history/:userId', [WithdrawalsController, 'history'])
      .as('admin.withdraws.api.history.user')
    router
      .post('/admin/withdraws/:id/approve', [WithdrawalsController, 'approve'])
      .as('admin.withdraws.approve')
    router
      .post('/admin/withdraws/:id/decline', [WithdrawalsController, 'decline'])
      .as('admin.withdraws.decline')
  })
  .use(screenAccess('admin.withdraws.pending'))
router
  .group(() => {
    router
      .post('/admin/withdraws/settings', [WithdrawalsController, 'updateSettings'])
      .as('admin.withdraws.settings.update')
  })
  .use(screenAccess('admin.withdraws.settings'))

/* KYC Documents (admin spec §2, §7; §6: role 1 only). */
router
  .group(() => {
    router.get('/admin/kyc/api', [KycDocumentsController, 'list']).as('admin.kyc.list')
    router
      .post('/admin/kyc/:id/approve', [KycDocumentsController, 'approve'])
      .as('admin.kyc.approve')
    router
      .post('/admin/kyc/:id/decline', [KycDocumentsController, 'decline'])
      .as('admin.kyc.decline')
  })
  .use(screenAccess('admin.kyc.index'))

/* Deposit History (admin spec §2 menu, §7: roles 1, 2). */
router
  .group(() => {
    router
      .get('/admin/deposits/api/history', [StaffDepositsController, 'history'])
      .as('admin.deposits.api.history')
    router
      .get('/admin/deposits/api/history/:userId', [StaffDepositsController, 'history'])
      .as('admin.deposits.api.history.user')
    router
      .post('/admin/deposits/:id/approve', [StaffDepositsController, 'approve'])
      .as('admin.deposits.approve')
    router
      .post('/admin/deposits/:id/decline', [StaffDepositsController, 'decline'])
      .as('admin.deposits.decline')
  })
  .use(screenAccess('admin.deposits.index'))

/* Payment gateways (admin spec §2 Gateways, §7 PUT /admin/gateways/{name}; menu: role 1). */
router
  .group(() => {
    router
      .put('/admin/gateways/:gateway', [GatewaysController, 'update'])
      .as('admin.gateways.update')
      .where('gateway', /^[a-z]{2,20}$/)
  })
  .use(screenAccess('admin.gateways.automatic'))

/* Restricted Countries (beyond the specs; menu: role 1): its page and API from its declaration. */
registerStaffList(RESTRICTED_COUNTRY_LIST, RestrictedCountriesList)

/* External Payments (admin spec §2 External Payment list, §7; menu: role 1): its API from its declaration. */
registerStaffList(EXTERNAL_PAYMENT_LIST, {
  list: [ExternalPaymentsController, 'list'],
  store: [ExternalPaymentsController, 'store'],
  update: [ExternalPaymentsController, 'update'],
  destroy: [ExternalPaymentsController, 'destroy'],
})

/* Trades (admin spec §2 Trades list and Order edit dialog, §7; menu: roles 1, 2). */
router
  .group(() => {
    router
      .get('/admin/trades/api/:type', [TradesController, 'list'])
      .as('admin.trades.api')
      .where('type', /^(all|open|closed)$/)
    router
      .get('/admin/trades/api/all/:userId', [TradesController, 'list'])
      .as('admin.trades.api.user')
    router.put('/admin/trades/:id', [TradesController, 'update']).as('admin.trades.update')
    router.delete('/admin/trades/:id', [TradesController, 'destroy']).as('admin.trades.destroy')
    router.post('/admin/trades/close', [TradesController, 'close']).as('admin.trades.close')
    // Pending orders (issue 23): the list's rows and a cancel (the page itself is the staff screen's).
    router
      .get('/admin/trades/api/pending', [StaffPendingOrdersController, 'list'])
      .as('admin.trades.pending.api')
    router
      .delete('/admin/trades/pending/:id', [StaffPendingOrdersController, 'destroy'])
      .as('admin.trades.pending.destroy')
  })
  .use(screenAccess('admin.trades.all'))

/* Exposure (issue 24 item 3; menu: roles 1, 2): the market role's snapshot, its CSV, the drill-down. */
router
  .group(() => {
    router
      .get('/admin/risk/exposure/api', [RiskExposureController, 'api'])
      .as('admin.risk.exposure.api')
    router
      .get('/admin/risk/exposure/csv', [RiskExposureController, 'csv'])
      .as('admin.risk.exposure.csv')
    router
      .get('/admin/risk/positions', [RiskExposureController, 'positions'])
      .as('admin.risk.positions')
  })
  .use(screenAccess('admin.risk'))

/* Balance adjustment (admin spec §2 Balance adjustment, §6: role 6 never; the customer edit page of roles 1, 2 hosts it). */
router
  .group(() => {
    router
      .put('/admin/balance/:balanceId', [BalancesController, 'adjust'])
      .as('admin.balance.adjust')
  })
  .use([middleware.auth(), middleware.role({ roles: [...BALANCE_ADJUSTMENT_ROLES] })])

/* Spread Settings, with the swap settings on the same page, and Lot Settings (admin spec §2, §7; menu: role 1). */
router
  .group(() => {
    router
      .post('/admin/spreads', [TradingSettingsController, 'updateSpreads'])
      .as('admin.spreads.update')
    router
      .post('/admin/swapSettings', [TradingSettingsController, 'updateSwaps'])
      .as('admin.swapSettings.update')
  })
  .use(screenAccess('admin.spreads'))
router
  .group(() => {
    router.post('/admin/lots', [TradingSettingsController, 'updateLots']).as('admin.lots.update')
    router
      .post('/admin/lotSelector', [TradingSettingsController, 'updateLotSelector'])
      .as('admin.lotSelector.update')
  })
  .use(screenAccess('admin.lots'))

/* Audit Log (issue 11 item 8, beyond the specs; menu: role 1). Read-only: no route edits or deletes a row. */
router
  .group(() => {
    router.get('/admin/audit/api', [AuditLogsController, 'list']).as('admin.audit.list')
  })
  .use(screenAccess('admin.audit.index'))

/* Pricing Plans (admin spec §2 Pricing Plans, §7; menu: role 1). The list is GET /dashboard/pricing (start/routes/customer.ts). */
router
  .group(() => {
    router.post('/admin/pricing', [PricingPlansController, 'store']).as('admin.pricing.store')
    router.put('/admin/pricing/:id', [PricingPlansController, 'update']).as('admin.pricing.update')
    router
      .delete('/admin/pricing/:id', [PricingPlansController, 'destroy'])
      .as('admin.pricing.destroy')
  })
  .use(screenAccess('admin.pricing.index'))

/* Instruments (admin spec §2 Instruments list, §7; menu: role 1). One screen per category, one API. */
router
  .group(() => {
    router
      .get('/admin/instruments/api/:category', [InstrumentsController, 'list'])
      .as('admin.instruments.list')
      .where('category', /^(forex|commodity|index|crypto|stock)$/)
    router
      .post('/admin/instruments', [InstrumentsController, 'store'])
      .as('admin.instruments.store')
    router
      .put('/admin/instruments/:id', [InstrumentsController, 'update'])
      .as('admin.instruments.update')
    router
      .delete('/admin/instruments/:id', [InstrumentsController, 'destroy'])
      .as('admin.instruments.destroy')
  })
  .use(screenAccess('admin.instruments.forex'))
