import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { ALL_ROLES, Roles } from '#domain/roles'

const DashboardController = () => import('#controllers/customer/dashboard_controller')
const WalletsController = () => import('#controllers/customer/wallets_controller')
const NotificationsController = () => import('#controllers/customer/notifications_controller')
const PricingController = () => import('#controllers/customer/pricing_controller')
const MarketController = () => import('#controllers/customer/market_controller')
const ProfileController = () => import('#controllers/customer/profile_controller')
const SecurityController = () => import('#controllers/customer/security_controller')
const CurrentUserController = () => import('#controllers/customer/current_user_controller')
const ImpersonationController = () => import('#controllers/customer/impersonation_controller')
const OrdersController = () => import('#controllers/customer/orders_controller')
const StatementsController = () => import('#controllers/customer/statements_controller')
const KycController = () => import('#controllers/customer/kyc_controller')
const KycFilesController = () => import('#controllers/shared/kyc_files_controller')
const WithdrawalsController = () => import('#controllers/customer/withdrawals_controller')
const DepositsController = () => import('#controllers/customer/deposits_controller')
const DepositProofsController = () => import('#controllers/shared/deposit_proofs_controller')
const PendingOrdersController = () => import('#controllers/customer/pending_orders_controller')

/* The signed-in shell: every role shares it (staff reach their area from its footer). */
router
  .group(() => {
    router.get('/dashboard', [DashboardController, 'show']).as('dashboard')
    router.get('/auth/user', [CurrentUserController, 'show']).as('auth.user')
    router.get('/notifications', [NotificationsController, 'index']).as('notifications.index')
    router.post('/dashboard/switch-wallet', [WalletsController, 'switch']).as('wallets.switch')
    router.get('/profile', [ProfileController, 'show']).as('profile.show')
    router.put('/profile/me', [ProfileController, 'update']).as('profile.update')
    router.get('/security', [SecurityController, 'show']).as('security.show')
    router.put('/security/password', [SecurityController, 'update']).as('security.update')
    router
      .post('/authManager/back-to-admin', [ImpersonationController, 'backToAdmin'])
      .as('impersonation.back')
    router.get('/dashboard/rates', [MarketController, 'rates']).as('market.rates')
    router
      .get('/dashboard/lot-state/:category', [MarketController, 'lotState'])
      .as('market.lot_state')
    router.get('/dashboard/candles/:instrument', [MarketController, 'candles']).as('market.candles')
    router.get('/dashboard/chart/:instrument', [MarketController, 'chart']).as('market.chart')
    router.get('/dashboard/get-favorite', [MarketController, 'favorites']).as('favorites.index')
    router.post('/dashboard/add-to-favorite', [MarketController, 'addFavorite']).as('favorites.add')
    router
      .post('/dashboard/remove-from-favorite', [MarketController, 'removeFavorite'])
      .as('favorites.remove')
    // Staff reach the route but the subscribeToPlan ability refuses them (403).
    router
      .post('/dashboard/pricing/subscribe/:planId', [PricingController, 'subscribe'])
      .as('pricing.subscribe')
  })
  .use([middleware.auth(), middleware.role({ roles: ALL_ROLES })])

/* The plan list (admin spec §2 Pricing Plans, §7): the staff Pricing Plans screen reads it (role 1); customers choose from it (role 3). */
router
  .get('/dashboard/pricing', [PricingController, 'list'])
  .as('pricing.list')
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN, Roles.CUSTOMER] })])

/* Trading moves money: customers only (customer spec §6); reads of one's own orders are shared. */
router
  .group(() => {
    router.get('/dashboard/orders', [OrdersController, 'index']).as('orders.index')
    router
      .get('/dashboard/pending-orders', [PendingOrdersController, 'index'])
      .as('pending_orders.index')
  })
  .use([middleware.auth(), middleware.role({ roles: ALL_ROLES })])
router
  .group(() => {
    router.post('/dashboard/orders', [OrdersController, 'store']).as('orders.store')
    router.post('/dashboard/orders/close', [OrdersController, 'close']).as('orders.close')
    router.put('/dashboard/orders/:id', [OrdersController, 'update']).as('orders.update')
    router
      .put('/dashboard/pending-orders/:id', [PendingOrdersController, 'update'])
      .as('pending_orders.update')
    router
      .delete('/dashboard/pending-orders/:id', [PendingOrdersController, 'destroy'])
      .as('pending_orders.destroy')
  })
  .use([middleware.auth(), middleware.role({ roles: [3] })])

/* Customer-only areas (customer spec §6: statements belong to role 3). */
router
  .group(() => {
    router.get('/statements', [StatementsController, 'index']).as('statements.index')
    // Plans are the customer's: staff never see the plan page or its Subscribe buttons.
    router.get('/pricing', [PricingController, 'show']).as('pricing.show')
    router.get('/statements/history', [StatementsController, 'history']).as('statements.history')
    router.get('/statements/export', [StatementsController, 'export']).as('statements.export')
    router.get('/withdraws', [WithdrawalsController, 'index']).as('withdraws.index')
    router.post('/withdraws/bank', [WithdrawalsController, 'bank']).as('withdraws.bank')
    router.get('/withdraws/history', [WithdrawalsController, 'history']).as('withdraws.history')
    router.get('/deposits', [DepositsController, 'index']).as('deposits.index')
    router.post('/deposits', [DepositsController, 'store']).as('deposits.store')
    router.get('/deposits/history', [DepositsController, 'history']).as('deposits.history')
    router.get('/deposits/bank/:id', [DepositsController, 'bank']).as('deposits.bank')
    router.put('/deposits/bank/:id', [DepositsController, 'submitBank']).as('deposits.bank.submit')
    router.get('/deposits/crypto/:id', [DepositsController, 'crypto']).as('deposits.crypto')
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.CUSTOMER] })])

/* KYC (customer spec §2 KYC, §6: customers only). */
router
  .group(() => {
    router.get('/kyc', [KycController, 'show']).as('kyc.show')
    router.post('/kyc', [KycController, 'store']).as('kyc.store')
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.CUSTOMER] })])

/* A KYC file: to its owner and to the staff who review KYC (role 1); anyone else gets 404. */
router
  .get('/kyc/documents/:id/:side', [KycFilesController, 'show'])
  .as('kyc.file')
  .where('side', /^(front|back|address)$/)
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN, Roles.CUSTOMER] })])

/* A bank deposit's proof: to its owner and to the staff who approve deposits (roles 1, 2); anyone else gets 404. */
router
  .get('/deposits/:id/proof', [DepositProofsController, 'show'])
  .as('deposits.proof')
  .use([
    middleware.auth(),
    middleware.role({ roles: [Roles.ADMIN, Roles.MANAGER, Roles.CUSTOMER] }),
  ])
