import type PricingPlan from '#models/pricing_plan'
import { toDbDecimal, toFixedString } from '#domain/money'
import type { PlanPayment } from '#domain/plan_payment'
import type { PricingPlanListRow } from '#domain/staff_lists/pricing_plans'

/**
 * A plan card (customer spec §2 Pricing) and, for the customer's
 * confirmation, how it would be paid now: `payment` 'free', 'wallet' (then
 * `payer` names the wallet) or 'insufficient'.
 */
export function planCard(
  plan: PricingPlan,
  payer: { id: number; mode: 'demo' | 'real'; currency: string } | null = null,
  payment: PlanPayment['kind'] = 'free'
) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: toFixedString(plan.price, 2),
    forexLeverage: plan.forexLeverage,
    forexStopout: plan.forexStopout === null ? null : toFixedString(plan.forexStopout, 0),
    swapFree: plan.swapFree,
    payment,
    payer: payer ? { id: payer.id, mode: payer.mode, currency: payer.currency } : null,
  }
}

export type PlanCard = ReturnType<typeof planCard>

const percent = (value: string | null) => (value === null ? null : toDbDecimal(value))

/**
 * A plan as GET /dashboard/pricing lists it (admin spec §2 Pricing Plans, §3):
 * the list's columns and what the edit modal fills in — the five leverages
 * and the five stop-out percents, null where the plan sets none.
 */
export function planRow(plan: PricingPlan): PricingPlanListRow {
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
    swapFree: plan.swapFree,
  }
}

export type PlanRow = ReturnType<typeof planRow>
