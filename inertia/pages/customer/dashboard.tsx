import { Alert, Card, CardBody, Link as UiLink } from '@heroui/react'
import { Link } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DashboardController from '#controllers/customer/dashboard_controller'
import { AppShell } from '~/layouts/app_shell'
import { useTranslation } from '~/hooks/use_translation'
import { usePrices } from '~/hooks/use_prices'
import { useFavorites } from '~/hooks/use_favorites'
import { PriceChart } from '~/components/trading/price_chart'
import { useState } from 'react'
import { MarketWatch } from '~/components/trading/market_watch'

export default function Dashboard({ isKyc, instruments, marketStatus }: InferPageProps<DashboardController, 'show'>) {
  const { t } = useTranslation()
  const prices = usePrices(instruments)
  const favorites = useFavorites()
  // The spec's default chart: USD_CNH; choosing an instrument in the list changes it.
  const [selected, setSelected] = useState('USD_CNH')
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
            <CardBody className="p-2">
              <MarketWatch
                instruments={instruments}
                prices={prices}
                marketStatus={marketStatus}
                favorites={favorites.ids}
                onToggleFavorite={favorites.toggle}
                onSelect={setSelected}
              />
            </CardBody>
          </Card>
        </section>
        <section className="flex flex-col gap-4 lg:col-span-3">
          <Card>
            <CardBody className="gap-2">
              <h2 className="font-semibold" data-testid="chart-instrument">{selected}</h2>
              <PriceChart instrument={selected} />
            </CardBody>
          </Card>
          <Card>
            <CardBody className="text-small text-default-500">
              {t('Your positions will appear here.')}
            </CardBody>
          </Card>
        </section>
      </div>
    </AppShell>
  )
}
