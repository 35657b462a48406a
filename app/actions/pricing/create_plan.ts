import db from '@adonisjs/lucid/services/db'
import PricingPlan from '#models/pricing_plan'
import { announcePlanChange } from '#services/market/catalog_events'
import { planColumns, type PlanFields, type StaffActor } from '#actions/pricing/plan_fields'

/** Adds a pricing plan (admin spec §2 Pricing Plans, §3). */
export async function createPlan(input: PlanFields & StaffActor): Promise<PricingPlan> {
  const plan = await db.transaction(async (trx) => {
    const created = await PricingPlan.create(planColumns(input), { client: trx })
    return created
  })
  announcePlanChange(plan.id)
  return plan
}
