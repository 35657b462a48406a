import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'

const AffiliatesController = () => import('#controllers/staff/affiliates_controller')

/*
| The affiliate's calls (CRM spec §2.4, §7; issue 14 item 5): role 4 only, on
| their own leads and key. The pages (/affiliate, /affiliate/api) are staff
| screens (app/domain/staff_screens.ts). Adding a lead and uploading a CSV use
| POST /admin/leads and /admin/leads/csv, open to role 4 and attributed to them.
*/
router
  .group(() => {
    router.get('/affiliate/leads/api', [AffiliatesController, 'list']).as('affiliate.leads.list')
    router
      .delete('/affiliate/leads/:id', [AffiliatesController, 'destroy'])
      .as('affiliate.leads.destroy')
    router.post('/affiliate/api', [AffiliatesController, 'generate']).as('affiliate.api.generate')
  })
  .use(screenAccess('affiliate.leads'))
