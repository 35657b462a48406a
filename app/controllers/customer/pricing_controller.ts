import type { HttpContext } from '@adonisjs/core/http'
import settings from '#services/settings_service'
import { planCardsFor } from '#queries/plan_cards'
import { subscribePlanValidator } from '#validators/pricing_plans'
import { listQueryValidator } from '#validators/lists'
import { planPage } from '#queries/pricing_plans'
import { subscribeToPlan } from '#actions/pricing/subscribe_to_plan'
import { NotFoundException } from '#exceptions/not_found_exception'

export default class PricingController {
  /** GET /pricing: the plans in a 3-column grid, the current one marked (customer spec §2 Pricing). */
  async show({ inertia, auth }: HttpContext) {
    const site = await settings.site()
    if (!site.switches.pricingPlan) throw new NotFoundException()
    return inertia.render('customer/pricing', { plans: await planCardsFor(auth.getUserOrFail()) })
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

  /**
   * POST /dashboard/pricing/subscribe/:planId, body optionally { walletId }:
   * the wallet the customer's confirmation named (charged, or nothing is).
   */
  async subscribe({ params, auth, bouncer, request, response }: HttpContext) {
    await bouncer.with('PricingPlanPolicy').authorize('subscribe')
    const { walletId } = await request.validateUsing(subscribePlanValidator)
    const { plan } = await subscribeToPlan(auth.getUserOrFail(), Number(params.planId), {
      walletId,
    })
    return response.ok({ message: `Subscribed to ${plan.name}` })
  }
}
