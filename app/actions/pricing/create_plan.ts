import db from '@adonisjs/lucid/services/db'
import PricingPlan from '#models/pricing_plan'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { announcePlanChange } from '#services/market/catalog_news'
import { planAudit, planColumns, type PlanFields } from '#actions/pricing/plan_fields'

/** Adds a pricing plan (admin spec §2 Pricing Plans, §3), with its audit row in the same transaction. */
export async function createPlan(input: PlanFields & StaffContext): Promise<PricingPlan> {
  const plan = await db.transaction(async (trx) => {
    const created = await PricingPlan.create(planColumns(input), { client: trx })
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'pricing_plan.create',
      target: { type: 'pricing_plan', id: created.id },
      after: planAudit(created),
    })
    return created
  })
  announcePlanChange(plan.id)
  return plan
}
