import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { Roles } from '#domain/roles'

const VoisoController = () => import('#controllers/staff/voiso_controller')

/* Calls through Voiso (CRM spec §2.3 phone cell, §7: GET /admin/crm/voiso/agents, POST /admin/crm/voiso/startCall). Roles 1, 2, 5, 6 (the lead pages' roles that work leads). */
router
  .group(() => {
    router.get('/admin/crm/voiso/agents', [VoisoController, 'agents']).as('admin.crm.voiso.agents')
    router
      .post('/admin/crm/voiso/startCall', [VoisoController, 'startCall'])
      .as('admin.crm.voiso.startCall')
  })
  .use([
    middleware.auth(),
    middleware.role({
      roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT, Roles.RETENTION_AGENT],
    }),
  ])
