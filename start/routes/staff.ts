import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { Roles, type RoleId } from '#domain/roles'

const WorkspaceController = () => import('#controllers/staff/workspace_controller')
const KycDocumentsController = () => import('#controllers/staff/kyc_documents_controller')

/* Each staff area's landing page, gated by the roles the specs give it. */
const areas: { path: string; name: string; roles: RoleId[] }[] = [
  { path: '/admin', name: 'admin.dashboard', roles: [1] },
  { path: '/admin/trades/all', name: 'admin.trades.all', roles: [1, 2] },
  { path: '/affiliate', name: 'affiliate.leads', roles: [4] },
  { path: '/admin/crm/sales/all', name: 'crm.sales.all', roles: [1, 2, 5] },
  { path: '/admin/crm/retention', name: 'crm.retention', roles: [1, 2, 6] },
]

for (const area of areas) {
  router
    .get(area.path, [WorkspaceController, 'show'])
    .as(area.name)
    .use([middleware.auth(), middleware.role({ roles: area.roles })])
}

/* Withdraws (admin spec §2 menu: pending and history for roles 1, 2; settings for role 1). */
const WithdrawalsController = () => import('#controllers/staff/withdrawals_controller')
router
  .group(() => {
    router.get('/admin/withdraws/pending', [WithdrawalsController, 'page']).as('admin.withdraws.pending')
    router.get('/admin/withdraws/history', [WithdrawalsController, 'page']).as('admin.withdraws.history')
    router.get('/admin/withdraws/api/pending', [WithdrawalsController, 'pending']).as('admin.withdraws.api.pending')
    router.get('/admin/withdraws/api/history', [WithdrawalsController, 'history']).as('admin.withdraws.api.history')
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
  .use([middleware.auth(), middleware.role({ roles: [1, 2] })])
router
  .group(() => {
    router.get('/admin/withdraws/settings', [WithdrawalsController, 'settings']).as('admin.withdraws.settings')
    router.post('/admin/withdraws/settings', [WithdrawalsController, 'updateSettings']).as('admin.withdraws.settings.update')
  })
  .use([middleware.auth(), middleware.role({ roles: [1] })])

/* KYC Documents (admin spec §2, §7; §6: role 1 only). */
router
  .group(() => {
    router.get('/admin/kyc', [KycDocumentsController, 'index']).as('admin.kyc.index')
    router.get('/admin/kyc/api', [KycDocumentsController, 'list']).as('admin.kyc.list')
    router
      .post('/admin/kyc/:id/approve', [KycDocumentsController, 'approve'])
      .as('admin.kyc.approve')
    router
      .post('/admin/kyc/:id/decline', [KycDocumentsController, 'decline'])
      .as('admin.kyc.decline')
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN] })])

/* Deposit History (admin spec §2 menu, §7: roles 1, 2). */
const StaffDepositsController = () => import('#controllers/staff/deposits_controller')
router
  .group(() => {
    router.get('/admin/deposits', [StaffDepositsController, 'page']).as('admin.deposits.index')
    router.get('/admin/deposits/api/history', [StaffDepositsController, 'history']).as('admin.deposits.api.history')
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
  .use([middleware.auth(), middleware.role({ roles: [1, 2] })])

/* Payment gateways (admin spec §2 Gateways, §7 PUT /admin/gateways/{name}; menu: role 1). */
const GatewaysController = () => import('#controllers/staff/gateways_controller')
router
  .group(() => {
    router.get('/admin/gateways', [GatewaysController, 'automatic']).as('admin.gateways.automatic')
    router.get('/admin/gateways/manual', [GatewaysController, 'manual']).as('admin.gateways.manual')
    router
      .put('/admin/gateways/:gateway', [GatewaysController, 'update'])
      .as('admin.gateways.update')
      .where('gateway', /^[a-z]{2,20}$/)
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN] })])

/* External Payments (admin spec §2 External Payment list, §7; menu: role 1). */
const ExternalPaymentsController = () => import('#controllers/staff/external_payments_controller')
router
  .group(() => {
    router.get('/admin/externalPayments', [ExternalPaymentsController, 'index']).as('admin.externalPayments.index')
    router.get('/admin/externalPayments/api', [ExternalPaymentsController, 'list']).as('admin.externalPayments.list')
    router.post('/admin/externalPayments', [ExternalPaymentsController, 'store']).as('admin.externalPayments.store')
    router
      .put('/admin/externalPayments/:id', [ExternalPaymentsController, 'update'])
      .as('admin.externalPayments.update')
    router
      .delete('/admin/externalPayments/:id', [ExternalPaymentsController, 'destroy'])
      .as('admin.externalPayments.destroy')
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN] })])
