/*
| Routes live per area in start/routes/*.ts; every route is named.
*/
import './routes/public.js'
import './routes/customer.js'
import './routes/staff.js'
import './routes/staff_users.js'
import './routes/feed_status.js'
import './routes/languages.js'
import './routes/site_settings.js'
import './routes/two_factor.js'
import './routes/payments.js'
import './routes/crm_config.js'
import './routes/crm_calls.js'
import './routes/crm_leads.js'
import './routes/lead_admin.js'
import './routes/customers.js'
import './routes/login_as.js'
import './routes/affiliates.js'
import './routes/lead_intake_api.js'
import router from '@adonisjs/core/services/router'
import { ID_PARAM } from '#domain/ids'
import { STAFF_SCREENS } from '#domain/staff_screens'
import { SCREEN_PAGES } from '#start/routes/staff'
import { declaredListPages } from '#start/routes/staff_lists'

/* Every staff screen has its page: in SCREEN_PAGES or from its declared list's module. */
for (const screen of STAFF_SCREENS) {
  if (!SCREEN_PAGES[screen.name] && !declaredListPages.has(screen.name))
    throw new Error(`staff screen ${screen.name} has no page`)
}

/* Every id in a URL follows the one id rule (app/domain/ids.ts); any other shape matches no route: 404. */
for (const param of ['id', 'userId', 'planId', 'balanceId']) router.where(param, ID_PARAM)
