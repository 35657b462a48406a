import type PricingPlan from '#models/pricing_plan'
import { toDbDecimal, toFixedString } from '#domain/money'

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

const percent = (value: string | null) => (value === null ? null : toDbDecimal(value))

/**
 * A plan as GET /dashboard/pricing lists it (admin spec §2 Pricing Plans, §3):
 * the list's columns and what the edit modal fills in — the five leverages
 * and the five stop-out percents, null where the plan sets none.
 */
export function planRow(plan: PricingPlan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: toFixedString(plan.price, 2),
    forexLeverage: plan.forexLeverage,
    commodityLeverage: plan.commodityLeverage,
    indexLeverage: plan.indexLeverage,
    stockLeverage: plan.stockLeverage,
    cryptoLeverage: plan.cryptoLeverage,
    forexStopout: percent(plan.forexStopout),
    commodityStopout: percent(plan.commodityStopout),
    indexStopout: percent(plan.indexStopout),
    stockStopout: percent(plan.stockStopout),
    cryptoStopout: percent(plan.cryptoStopout),
  }
}

export type PlanRow = ReturnType<typeof planRow>
