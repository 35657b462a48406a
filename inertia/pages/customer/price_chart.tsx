import { Link } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type MarketController from '#controllers/customer/market_controller'
import { PriceChart } from '~/components/trading/price_chart'
import { usePrices, useWatchPrices } from '~/hooks/use_prices'
import { useTranslation } from '~/hooks/use_translation'
import { ImpersonationBanner } from '~/components/shell/impersonation_banner'
import { route } from '~/lib/routes'

/** The mobile price chart (customer spec §2): full height, dark, daily, one symbol, no toolbar. */
export default function PriceChartPage({ instrument }: InferPageProps<MarketController, 'chart'>) {
  const { t } = useTranslation()
  const prices = usePrices([instrument])
  useWatchPrices({ instruments: [instrument.name] })
  const live = prices[instrument.name]
  return (
    <div className="dark flex h-dvh flex-col bg-black text-white" data-testid="mobile-chart">
      <ImpersonationBanner />
      <header className="flex items-center justify-between px-3 py-2 text-small">
        <Link href={route('dashboard')} className="underline">
          {t('Back')}
        </Link>
        <span className="font-semibold">{instrument.name}</span>
        <span className="font-mono">
          {live?.bids ?? '0.00'} / {live?.asks ?? '0.00'}
        </span>
      </header>
      <PriceChart instrument={instrument.name} forceDark className="w-full flex-1" />
    </div>
  )
}
