import type { HttpContext } from '@adonisjs/core/http'
import PricingPlan from '#models/pricing_plan'
import settings from '#services/settings_service'
import { planCard } from '#transformers/plan_transformer'
import { listQueryValidator } from '#validators/lists'
import { planPage } from '#queries/pricing_plans'
import { subscribeToPlan } from '#actions/pricing/subscribe_to_plan'
import { NotFoundException } from '#exceptions/not_found_exception'

export default class PricingController {
  /** GET /pricing: the plans in a 3-column grid, the current one marked (customer spec §2 Pricing). */
  async show({ inertia }: HttpContext) {
    const site = await settings.site()
    if (!site.switches.pricingPlan) throw new NotFoundException()
    const plans = await PricingPlan.query().orderBy('price', 'asc').orderBy('id', 'asc')
    return inertia.render('customer/pricing', { plans: plans.map(planCard) })
  }

  /**
   * GET /dashboard/pricing?page&limit&search → { data, meta }: every plan with
   * its five leverages and stop-outs (admin spec §2 Pricing Plans, §7: the
   * staff list reads it; customers may read the plans they can choose from).
   */
  async list({ request }: HttpContext) {
    const query = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return planPage(query)
  }

  /** POST /dashboard/pricing/subscribe/:planId */
  async subscribe({ params, auth, bouncer, response }: HttpContext) {
    await bouncer.with('PricingPlanPolicy').authorize('subscribe')
    const { plan } = await subscribeToPlan(auth.getUserOrFail(), Number(params.planId))
    return response.ok({ message: `Subscribed to ${plan.name}` })
  }
}
