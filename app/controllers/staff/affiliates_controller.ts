import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { affiliateLeadPage } from '#queries/affiliate_leads'
import { affiliateLeadListValidator } from '#validators/affiliates'
import { currentApiKey, generateApiKey } from '#actions/affiliates/generate_api_key'
import { deleteLead } from '#actions/leads/delete_lead'
import { LEAD_API_MESSAGES } from '#domain/lead_api'
import SalesStatus from '#models/sales_status'

/**
 * The affiliate's screens (CRM spec §2.1, §2.4; issue 14 item 5): Affiliate
 * Leads (their own leads only) and the API Key page.
 */
export default class AffiliatesController {
  /** GET /affiliate */
  async leadsPage({ inertia, auth }: HttpContext) {
    const statuses = await SalesStatus.query().orderBy('id', 'asc')
    return inertia.render('staff/affiliate/leads', {
      viewerRoleId: auth.getUserOrFail().roleId,
      statuses: statuses.map((s) => ({ id: s.id, status: s.status, isDefault: s.isDefault })),
    })
  }

  /** GET /affiliate/leads/api/ → { data, meta }: the affiliate's own leads. */
  async list({ request, auth }: HttpContext) {
    const options = await affiliateLeadListValidator.validate(request.qs())
    return affiliateLeadPage(auth.getUserOrFail().id, options)
  }

  /** DELETE /affiliate/leads/:id → 'Lead deleted successfully'; another's lead: 404. */
  async destroy(ctx: HttpContext) {
    await deleteLead({ ...staffContext(ctx), id: ctx.params.id })
    return { message: 'Lead deleted successfully' }
  }

  /** GET /affiliate/api: the key (masked: the full key is shown once, when generated). */
  async apiPage({ inertia, auth }: HttpContext) {
    return inertia.render('staff/affiliate/api_key', {
      apiKey: await currentApiKey(auth.getUserOrFail().id),
    })
  }

  /** POST /affiliate/api → { message, key }: a new key; the old one stops working at once. */
  async generate(ctx: HttpContext) {
    const key = await generateApiKey(staffContext(ctx))
    return ctx.response.created({ message: LEAD_API_MESSAGES.generated, key })
  }
}
