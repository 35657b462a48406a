import router from '@adonisjs/core/services/router'

const LeadIntakeController = () => import('#controllers/api/lead_intake_controller')
const LeadApiDocsController = () => import('#controllers/api/lead_api_docs_controller')

/*
| The lead-intake API (issue 14 item 6): called by affiliates' and landing
| pages' servers with an API key (Authorization: Bearer), not by a browser
| session; exempt from CSRF (config/shield.ts). Its OpenAPI document is
| public (it holds no secret) and is the API Key page's "Download documentation".
*/
router.post('/api/v1/leads', [LeadIntakeController, 'store']).as('api.v1.leads.store')
router.get('/api/v1/leads/:id', [LeadIntakeController, 'show']).as('api.v1.leads.show')
router.get('/api/v1/openapi.json', [LeadApiDocsController, 'show']).as('api.v1.openapi')
