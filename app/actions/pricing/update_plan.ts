import db from '@adonisjs/lucid/services/db'
import PricingPlan from '#models/pricing_plan'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { announcePlanChange } from '#services/market/catalog_events'
import { planColumns, type PlanFields, type StaffActor } from '#actions/pricing/plan_fields'

/**
 * Edits a pricing plan. Orders placed from now on use its leverages (the
 * order reads the plan when it is placed); the risk engine applies its
 * stop-outs to open positions as soon as the change commits.
 */
export async function updatePlan(input: PlanFields & StaffActor & { id: number }): Promise<PricingPlan> {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const plan = await db.transaction(async (trx) => {
    const row = await PricingPlan.query({ client: trx }).where('id', input.id).forUpdate().first()
    if (!row) throw new NotFoundException()
    row.merge(planColumns(input))
    await row.save()
    return row
  })
  announcePlanChange(plan.id)
  return plan
}
