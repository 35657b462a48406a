import type { InferPageProps } from '@adonisjs/inertia/types'
import type PricingController from '#controllers/customer/pricing_controller'
import { AppShell } from '~/layouts/app_shell'
import { PricingGrid } from '~/components/shell/pricing_grid'
import { useTranslation } from '~/hooks/use_translation'

export default function Pricing({ plans }: InferPageProps<PricingController, 'show'>) {
  const { t } = useTranslation()
  return (
    <AppShell title="Pricing Plan" withSidebar>
      <h1 className="text-xl font-semibold">{t('Pricing Plan')}</h1>
      <p className="mb-4 text-small text-default-500">
        {t('You can change your plan at any time. Charges apply.')}
      </p>
      <PricingGrid plans={plans} />
    </AppShell>
  )
}
