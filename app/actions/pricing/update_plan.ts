import db from '@adonisjs/lucid/services/db'
import PricingPlan from '#models/pricing_plan'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { announcePlanChange } from '#services/market/catalog_news'
import { planAudit, planColumns, type PlanFields } from '#actions/pricing/plan_fields'

/**
 * Edits a pricing plan. Orders placed from now on use its leverages (the
 * order reads the plan when it is placed); the risk engine applies its
 * stop-outs to open positions as soon as the change commits. The audit row
 * (the fields that changed) is written in the same transaction.
 */
export async function updatePlan(
  input: PlanFields & StaffContext & { id: number }
): Promise<PricingPlan> {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const plan = await db.transaction(async (trx) => {
    const row = await PricingPlan.query({ client: trx }).where('id', input.id).forUpdate().first()
    if (!row) throw new NotFoundException()
    const before = planAudit(row)
    row.merge(planColumns(input))
    await row.save()
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'pricing_plan.update',
      target: { type: 'pricing_plan', id: row.id },
      before,
      after: planAudit(row),
    })
    return row
  })
  announcePlanChange(plan.id)
  return plan
}
