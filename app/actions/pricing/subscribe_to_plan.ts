import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import PricingPlan from '#models/pricing_plan'
import Balance from '#models/balance'
import type User from '#models/user'
import { postEntry } from '#services/ledger_service'
import { announceSubscription } from '#services/market/catalog_events'
import { money } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isStorableId } from '#domain/ids'
import { errors as lucidErrors } from '@adonisjs/lucid'

export const NOT_ENOUGH_BALANCE = 'Not enough balance'

/**
 * Makes a plan current and charges its price to the active wallet through the
 * ledger, in one transaction. The plan switch is a conditional update, so a
 * double submit cannot charge twice; the charge refuses to take more than the
 * wallet's free balance (balance − margin − on hold).
 */
export async function subscribeToPlan(user: User, planId: number) {
  if (!isStorableId(planId)) throw new lucidErrors.E_ROW_NOT_FOUND(PricingPlan)
  const plan = await PricingPlan.findOrFail(planId)
  const result = await db.transaction(async (trx) => {
    // Locked like a staff delete locks it (deletePlan): the plan is either still there or this is a 404.
    const current = await PricingPlan.query({ client: trx }).where('id', plan.id).forShare().first()
    if (!current) throw new lucidErrors.E_ROW_NOT_FOUND(PricingPlan)
    const switched = await trx
      .from('users')
      .where('id', user.id)
      .where((q) => q.whereNull('pricing_table_id').orWhereNot('pricing_table_id', plan.id))
      .update({ pricing_table_id: plan.id })
    if (Number(switched) !== 1) {
      throw new UserFacingException('You are already subscribed to this plan', { status: 409 })
    }
    const wallet = user.activeBalanceId
      ? await Balance.query({ client: trx })
          .where('id', user.activeBalanceId)
          .where('user_id', user.id)
          .first()
      : null
    // The price as it stands now, under the lock (a staff edit may have changed it since the read above).
    const price = money(current.price)
    if (price.greaterThan(0)) {
      if (!wallet)
        throw new UserFacingException(NOT_ENOUGH_BALANCE, { code: 'E_INSUFFICIENT_BALANCE' })
      await postEntry(trx, {
        balanceId: wallet.id,
        type: 'plan_charge',
        amount: price.negated(),
        referenceType: 'pricing_plan',
        referenceId: plan.id,
        description: `Pricing plan: ${current.name}`,
        createdById: user.id,
        requireFreeAtLeast: 0,
        insufficientMessage: NOT_ENOUGH_BALANCE,
      })
    }
    return { plan: current, wallet }
  })
  user.pricingTableId = plan.id
  emitter.emit('wallet:changed', { userId: user.id })
  announceSubscription(user.id)
  return result
}
