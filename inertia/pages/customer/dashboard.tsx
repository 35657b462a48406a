import { Alert, Card, CardBody, Link as UiLink } from '@heroui/react'
import { Link } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DashboardController from '#controllers/customer/dashboard_controller'
import { AppShell } from '~/layouts/app_shell'
import { useTranslation } from '~/hooks/use_translation'

export default function Dashboard({ isKyc }: InferPageProps<DashboardController, 'show'>) {
  const { t } = useTranslation()
  return (
    <AppShell title="Dashboard">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-4">
        <section className="flex flex-col gap-3">
          {!isKyc && (
            <Alert color="warning" data-testid="kyc-warning" title={t('Please verify KYC to enable trading')}>
              <UiLink as={Link} href="/kyc" size="sm" color="warning" underline="always">
                {t('Click here')}
              </UiLink>
            </Alert>
          )}
          <Card>
            <CardBody className="text-small text-default-500">{t('Market data is not connected yet.')}</CardBody>
          </Card>
        </section>
        <section className="lg:col-span-3">
          <Card className="min-h-80">
            <CardBody className="flex items-center justify-center text-default-500">
              {t('The chart and your positions will appear here once market data is connected.')}
            </CardBody>
          </Card>
        </section>
      </div>
    </AppShell>
  )
}
