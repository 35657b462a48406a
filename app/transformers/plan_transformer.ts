import type PricingPlan from '#models/pricing_plan'
import { toFixedString } from '#domain/money'

export function planCard(plan: PricingPlan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: toFixedString(plan.price, 2),
    forexLeverage: plan.forexLeverage,
    forexStopout: plan.forexStopout === null ? null : toFixedString(plan.forexStopout, 0),
  }
}

export type PlanCard = ReturnType<typeof planCard>
