import type { InferPageProps } from '@adonisjs/inertia/types'
import type PricingController from '#controllers/customer/pricing_controller'
import { AppShell } from '~/layouts/app_shell'
import { PlanCard } from '~/components/shell/plan_card'
import { useSession } from '~/hooks/use_shared'
import { useSubscribe } from '~/hooks/use_subscribe'
import { useTranslation } from '~/hooks/use_translation'

export default function Pricing({ plans }: InferPageProps<PricingController, 'show'>) {
  const session = useSession()
  const { t } = useTranslation()
  const { subscribe, busyPlanId } = useSubscribe()
  return (
    <AppShell title="Pricing Plan" withSidebar>
      <h1 className="text-xl font-semibold">{t('Pricing Plan')}</h1>
      <p className="mb-4 text-small text-default-500">
        {t('You can change your plan at any time. Charges apply.')}
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3" data-testid="pricing-grid">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={session?.activeBalance?.currency ?? 'USD'}
            subscribed={session?.pricingTableId === plan.id}
            busy={busyPlanId === plan.id}
            onSubscribe={(p) => subscribe(p.id)}
          />
        ))}
      </div>
    </AppShell>
  )
}
