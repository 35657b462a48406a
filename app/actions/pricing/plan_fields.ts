import type PricingPlan from '#models/pricing_plan'
import { toDbDecimal } from '#domain/money'
import { planRow } from '#transformers/plan_transformer'

/** A plan as the staff form sends it (admin spec §3 Pricing plan), validated. */
export interface PlanFields {
  name: string
  description?: string | null
  price?: string | null
  forexLeverage?: number | null
  commodityLeverage?: number | null
  indexLeverage?: number | null
  stockLeverage?: number | null
  cryptoLeverage?: number | null
  forexStopout?: string | null
  commodityStopout?: string | null
  indexStopout?: string | null
  stockStopout?: string | null
  cryptoStopout?: string | null
  swapFree?: boolean
}

const orNull = <T>(value: T | null | undefined) => (value === undefined ? null : value)
const percent = (value: string | null | undefined) =>
  value === null || value === undefined ? null : toDbDecimal(value)

/** The columns a plan is stored with: absent values become null (§3), the price defaults to 0, a blank description is none. */
export function planColumns(fields: PlanFields): Partial<PricingPlan> {
  return {
    name: fields.name,
    description: fields.description?.trim() ? fields.description.trim() : null,
    price: toDbDecimal(fields.price ?? '0'),
    forexLeverage: orNull(fields.forexLeverage),
    commodityLeverage: orNull(fields.commodityLeverage),
    indexLeverage: orNull(fields.indexLeverage),
    stockLeverage: orNull(fields.stockLeverage),
    cryptoLeverage: orNull(fields.cryptoLeverage),
    forexStopout: percent(fields.forexStopout),
    commodityStopout: percent(fields.commodityStopout),
    indexStopout: percent(fields.indexStopout),
    stockStopout: percent(fields.stockStopout),
    cryptoStopout: percent(fields.cryptoStopout),
    swapFree: fields.swapFree ?? false,
  }
}

/** What the audit trail keeps of a plan: its form's fields as the list shows them. */
export function planAudit(plan: PricingPlan) {
  const fields: Partial<ReturnType<typeof planRow>> = planRow(plan)
  delete fields.id
  return fields
}
