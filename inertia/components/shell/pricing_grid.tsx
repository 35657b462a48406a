import { PlanCard, type PlanCardData } from '~/components/shell/plan_card'
import { useSession } from '~/hooks/use_shared'
import { useSubscribe } from '~/hooks/use_subscribe'

/** The plans in a 3-column grid with subscribe (customer spec §2 Pricing, §9); the dashboard panel reuses it. */
export function PricingGrid({ plans }: { plans: PlanCardData[] }) {
  const session = useSession()
  const { subscribe, busyPlanId, dialog } = useSubscribe()
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3" data-testid="pricing-grid">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          currency={session?.activeBalance?.currency ?? 'USD'}
          subscribed={session?.pricingTableId === plan.id}
          busy={busyPlanId === plan.id}
          onSubscribe={subscribe}
        />
      ))}
      {dialog}
    </div>
  )
}
