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
      .where('userId', router.matchers.number())
    router
      .post('/admin/withdraws/:id/approve', [WithdrawalsController, 'approve'])
      .as('admin.withdraws.approve')
      .where('id', router.matchers.number())
    router
      .post('/admin/withdraws/:id/decline', [WithdrawalsController, 'decline'])
      .as('admin.withdraws.decline')
      .where('id', router.matchers.number())
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
      .where('id', router.matchers.number())
    router
      .post('/admin/kyc/:id/decline', [KycDocumentsController, 'decline'])
      .as('admin.kyc.decline')
      .where('id', router.matchers.number())
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN] })])
