import Balance from '#models/balance'
import PricingPlan from '#models/pricing_plan'
import { planPayment } from '#domain/plan_payment'
import { planCard } from '#transformers/plan_transformer'

/**
 * The plan cards a customer chooses from (the pricing page, the dashboard's
 * panel, the mandatory modal), cheapest first, each naming the wallet that
 * would pay for it now (`planPayment`, the rule the subscription applies):
 * the confirmation shows it and the request carries it back.
 */
export async function planCardsFor(user: { id: number; activeBalanceId: number | null }) {
  const [plans, wallets] = await Promise.all([
    PricingPlan.query().orderBy('price', 'asc').orderBy('id', 'asc'),
    Balance.query().where('user_id', user.id).orderBy('id', 'asc'),
  ])
  return plans.map((plan) => {
    const payment = planPayment({
      price: plan.price,
      activeWalletId: user.activeBalanceId,
      wallets,
    })
    return planCard(plan, payment.kind === 'wallet' ? payment.wallet : null, payment.kind)
  })
}
