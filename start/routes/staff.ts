import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import type { RoleId } from '#domain/roles'

const WorkspaceController = () => import('#controllers/staff/workspace_controller')

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
