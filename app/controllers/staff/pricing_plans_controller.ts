import type { HttpContext } from '@adonisjs/core/http'
import { planValidator, PLAN_DECIMAL_FIELDS } from '#validators/pricing_plans'
import { numbersAsText } from '#validators/rules'
import { findPlanOrFail } from '#queries/pricing_plans'
import { planRow } from '#transformers/plan_transformer'
import { createPlan } from '#actions/pricing/create_plan'
import { updatePlan } from '#actions/pricing/update_plan'
import { deletePlan } from '#actions/pricing/delete_plan'
import { staffContext } from '#services/audit_log'

/**
 * Pricing Plans (admin spec §2 Pricing Plans, §3 Pricing plan, §7, §8). Role 1.
 * The list is GET /dashboard/pricing (customer PricingController.list).
 */
export default class PricingPlansController {
  /** GET /admin/pricing: the page; its rows come from /dashboard/pricing. */
  async index({ inertia }: HttpContext) {
    return inertia.render('staff/pricing/index', {})
  }

  /** POST /admin/pricing (plan fields) */
  async store(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(planValidator, {
      data: numbersAsText(ctx.request.body(), PLAN_DECIMAL_FIELDS),
    })
    const plan = await createPlan({ ...payload, ...staffContext(ctx) })
    return ctx.response.created({ message: 'Plan added successfully', plan: planRow(plan) })
  }

  /** PUT /admin/pricing/:id (plan fields) */
  async update(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    await findPlanOrFail(id)
    const payload = await ctx.request.validateUsing(planValidator, {
      data: numbersAsText(ctx.request.body(), PLAN_DECIMAL_FIELDS),
    })
    const plan = await updatePlan({ id, ...payload, ...staffContext(ctx) })
    return { message: 'Plan updated successfully', plan: planRow(plan) }
  }

  /** DELETE /admin/pricing/:id: refused (409) while customers are subscribed to it. */
  async destroy(ctx: HttpContext) {
    await deletePlan({ id: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Plan deleted successfully' }
  }
}
