import db from '@adonisjs/lucid/services/db'
import PricingPlan from '#models/pricing_plan'
import { isStorableId } from '#domain/ids'
import { planInUseMessage } from '#domain/pricing_plans'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { announcePlanChange } from '#services/market/catalog_news'
import { planAudit } from '#actions/pricing/plan_fields'

/**
 * Deletes a plan nobody is subscribed to; with subscribers it is refused
 * (409 with their count): they paid for it, and the database would otherwise
 * quietly leave them without a plan. The plan row is locked first and a
 * subscription locks it too (subscribeToPlan), so a customer subscribing at
 * the same moment is either counted here or finds the plan gone. The audit
 * row keeps what the plan held.
 */
export async function deletePlan(input: StaffContext & { id: number }): Promise<void> {
  if (!isStorableId(input.id)) throw new NotFoundException()
  await db.transaction(async (trx) => {
    const plan = await PricingPlan.query({ client: trx }).where('id', input.id).forUpdate().first()
    if (!plan) throw new NotFoundException()
    const counted = await trx
      .from('users')
      .where('pricing_table_id', plan.id)
      .count('* as total')
      .first()
    const refusal = planInUseMessage(Number(counted?.total ?? 0))
    if (refusal) throw new UserFacingException(refusal, { status: 409, code: 'E_PLAN_IN_USE' })
    await trx.from('pricing_plans').where('id', plan.id).delete()
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'pricing_plan.delete',
      target: { type: 'pricing_plan', id: plan.id },
      before: planAudit(plan),
    })
  })
  announcePlanChange(input.id)
}
