import PricingPlan from '#models/pricing_plan'
import { likePattern, pageOf } from '#queries/paginate'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { planRow } from '#transformers/plan_transformer'

/**
 * GET /dashboard/pricing: the plans, one page, newest first (the generic
 * table's default order); the search matches the name case-insensitively,
 * its wildcards taken literally.
 */
export function planPage(options: { page?: number; limit?: number; search?: string }) {
  const query = PricingPlan.query().orderBy('id', 'desc')
  if (options.search) {
    query.whereRaw('LOWER(name) LIKE ? ESCAPE ?', [likePattern(options.search.toLowerCase()), '\\'])
  }
  return pageOf(query, options, planRow)
}

/** The plan with this id; 404 when there is none. */
export async function findPlanOrFail(id: number): Promise<PricingPlan> {
  const plan = isStorableId(id) ? await PricingPlan.find(id) : null
  if (!plan) throw new NotFoundException()
  return plan
}
