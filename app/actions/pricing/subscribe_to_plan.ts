import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import PricingPlan from '#models/pricing_plan'
import Balance from '#models/balance'
import type User from '#models/user'
import { postEntry } from '#services/ledger_service'
import { announceSubscription } from '#services/market/catalog_news'
import { money } from '#domain/money'
import { planPayment } from '#domain/plan_payment'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isStorableId } from '#domain/ids'
import { errors as lucidErrors } from '@adonisjs/lucid'

export const NOT_ENOUGH_BALANCE = 'Not enough balance'
export const PAYER_CHANGED =
  'The wallet that would pay for this plan has changed; please review and confirm again'

/**
 * Makes a plan current and charges its price through the ledger, in one
 * transaction. The paying wallet is chosen by `planPayment` (a real wallet
 * only: the active one, or for a demo active wallet a real one of the same
 * currency that can pay); `walletId`, when given, is the wallet the customer
 * confirmed, and the charge goes there or nowhere. The plan switch is a
 * conditional update, so a double submit cannot charge twice; the charge
 * refuses to take more than the wallet's free balance (balance − margin − on
 * hold), checked again under the wallet's lock.
 */
export async function subscribeToPlan(
  user: User,
  planId: number,
  options: { walletId?: number } = {}
) {
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
    const wallets = await Balance.query({ client: trx }).where('user_id', user.id)
    // The price as it stands now, under the lock (a staff edit may have changed it since the read above).
    const payment = planPayment({
      price: current.price,
      activeWalletId: user.activeBalanceId,
      wallets,
    })
    if (payment.kind === 'insufficient')
      throw new UserFacingException(NOT_ENOUGH_BALANCE, { code: 'E_INSUFFICIENT_BALANCE' })
    if (payment.kind === 'free') return { plan: current, wallet: null }
    const wallet = payment.wallet
    if (options.walletId !== undefined && options.walletId !== wallet.id)
      throw new UserFacingException(PAYER_CHANGED, { status: 409, code: 'E_PAYER_CHANGED' })
    await postEntry(trx, {
      balanceId: wallet.id,
      type: 'plan_charge',
      amount: money(current.price).negated(),
      referenceType: 'pricing_plan',
      referenceId: plan.id,
      description: `Pricing plan: ${current.name}`,
      createdById: user.id,
      requireFreeAtLeast: 0,
      insufficientMessage: NOT_ENOUGH_BALANCE,
    })
    return { plan: current, wallet }
  })
  user.pricingTableId = plan.id
  emitter.emit('wallet:changed', { userId: user.id })
  announceSubscription(user.id)
  return result
}
