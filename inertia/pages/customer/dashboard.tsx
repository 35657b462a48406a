import { Suspense, lazy, useEffect, useMemo, useState } from 'react'
import { Button, Card, CardBody, Link as UiLink } from '@heroui/react'
import { Link, router } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DashboardController from '#controllers/customer/dashboard_controller'
import { AppShell } from '~/layouts/app_shell'
import { useTranslation } from '~/hooks/use_translation'
import { useCatalogChanges, usePrices, useWatchPrices } from '~/hooks/use_prices'
import { useFavorites } from '~/hooks/use_favorites'
import { useOrders } from '~/hooks/use_orders'
import { usePendingOrders } from '~/hooks/use_pending_orders'
import { useSession } from '~/hooks/use_shared'
import { MarketWatch, type WatchedInstrument } from '~/components/trading/market_watch'
import { PricingGrid } from '~/components/shell/pricing_grid'
import { KycNotice } from '~/components/payments/kyc_notice'
import { isInstrumentOpen } from '@domain/market_hours'
import type { Category } from '@domain/instruments'
import { route } from '~/lib/routes'
import { whenIdle } from '~/lib/when_idle'

type Props = InferPageProps<DashboardController, 'show'>

/** The chart library (lightweight-charts, ~55 kB gzip) loads after the page paints (issue 25 item 4). */
const PriceChart = lazy(() =>
  import('~/components/trading/price_chart').then((m) => ({ default: m.PriceChart }))
)

/**
 * The order dialog (HeroUI's Select, radios, tabs and the ticket's own code) loads on the first
 * trade, or while the browser is idle after the page paints, not with the page (issue 25 item 4).
 */
const loadOrderDialog = () => import('~/components/trading/order_dialog')
const OrderDialog = lazy(() => loadOrderDialog().then((m) => ({ default: m.OrderDialog })))

/**
 * The positions and pending-orders tabs load after the page paints, behind a box the height of the
 * empty panel (their rows arrive from the API afterwards in any case), and so does the automatic
 * closing, which shares @domain/risk with them (see AutoClose).
 */
const PositionsPanel = lazy(() =>
  import('~/components/trading/positions_panel').then((m) => ({ default: m.PositionsPanel }))
)
const AutoClose = lazy(() =>
  import('~/components/trading/auto_close').then((m) => ({ default: m.AutoClose }))
)

export default function Dashboard({
  isKyc,
  instruments,
  marketStatus,
  spreads,
  stopOuts,
  pricing,
}: Props) {
  const { t } = useTranslation()
  const session = useSession()
  const prices = usePrices(instruments)
  const favorites = useFavorites()
  const { orders, refreshAll } = useOrders()
  const pending = usePendingOrders('pending')
  // The spec's default chart: USD_CNH; choosing an instrument in the list changes it.
  const [selected, setSelected] = useState('USD_CNH')
  // The chart's instrument, the positions' and the pending orders' (the market watch asks for its own).
  useWatchPrices({
    instruments: [
      selected,
      ...orders.map((o) => o.instrument),
      ...pending.rows.map((o) => o.instrument),
    ],
  })
  // Mounted from the first trade on (and kept, so it closes with HeroUI's animation).
  const [dialogUsed, setDialogUsed] = useState(false)
  useEffect(() => whenIdle(() => void loadOrderDialog()), [])
  const [ticket, setTicket] = useState<{
    instrument: WatchedInstrument
    type: 'buy' | 'sell'
  } | null>(null)
  const byName = useMemo(() => new Map(instruments.map((i) => [i.name, i])), [instruments])
  const kinds = useMemo(
    () =>
      Object.fromEntries(instruments.map((i) => [i.name, i.category])) as Record<string, Category>,
    [instruments]
  )
  const isCustomer = !!session?.activeBalance

  // Staff added, edited or removed an instrument or a plan: re-read the list, leverages, stop-outs and plans
  // (spread over half a second, so every open dashboard does not ask at the same instant).
  useCatalogChanges(() => {
    setTimeout(
      () => router.reload({ only: ['instruments', 'stopOuts', 'pricing'] }),
      Math.random() * 500
    )
  })

  const chosen = byName.get(selected)
  const live = prices[selected]
  const chosenTradable = !!chosen && chosen.tradable && isInstrumentOpen(chosen, marketStatus)
  const trade = (instrument: WatchedInstrument, type: 'buy' | 'sell') => {
    if (!isCustomer) return
    setDialogUsed(true)
    setTicket({ instrument, type })
  }

  return (
    <AppShell title="Dashboard">
      <Suspense fallback={null}>
        <AutoClose
          orders={orders}
          prices={prices}
          balance={session?.activeBalance?.balance ?? null}
          margin={session?.activeBalance?.margin ?? null}
          stopOuts={stopOuts}
          kinds={kinds}
          onClosed={refreshAll}
        />
      </Suspense>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-4">
        <section className="flex flex-col gap-3">
          {!isKyc && <KycNotice message="Please verify KYC to enable trading" color="warning" />}
          <Card>
            <CardBody className="p-2">
              <MarketWatch
                instruments={instruments}
                prices={prices}
                marketStatus={marketStatus}
                favorites={favorites.ids}
                onToggleFavorite={favorites.toggle}
                onSelect={setSelected}
                onTrade={trade}
              />
            </CardBody>
          </Card>
        </section>
        <section className="flex min-w-0 flex-col gap-4 lg:col-span-3">
          <Card>
            <CardBody className="relative gap-2">
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold" data-testid="chart-instrument">
                  {selected}
                </h2>
                <UiLink
                  as={Link}
                  href={route('market.chart', { instrument: selected })}
                  size="sm"
                  className="lg:hidden"
                >
                  {t('Full screen chart')}
                </UiLink>
              </div>
              <div
                className="absolute left-4 top-12 z-10 flex gap-2"
                data-testid="chart-trade-buttons"
              >
                <Button
                  size="sm"
                  color="danger"
                  isDisabled={!chosenTradable || !isCustomer}
                  onPress={() => chosen && trade(chosen, 'sell')}
                  data-testid="chart-sell"
                >
                  {t('SELL')} <span className="font-mono">{live?.bids ?? '0.00'}</span>
                </Button>
                <Button
                  size="sm"
                  color="success"
                  isDisabled={!chosenTradable || !isCustomer}
                  onPress={() => chosen && trade(chosen, 'buy')}
                  data-testid="chart-buy"
                >
                  {t('BUY')} <span className="font-mono">{live?.asks ?? '0.00'}</span>
                </Button>
              </div>
              <Suspense fallback={<div className="h-80 w-full" />}>
                <PriceChart instrument={selected} />
              </Suspense>
            </CardBody>
          </Card>
          <Card>
            <CardBody className="overflow-x-auto">
              <Suspense fallback={<div className="h-87" data-testid="positions-placeholder" />}>
                <PositionsPanel
                  orders={orders}
                  prices={prices}
                  kinds={kinds}
                  pending={pending}
                  currency={session?.activeBalance?.currency}
                  onChanged={refreshAll}
                />
              </Suspense>
            </CardBody>
          </Card>
          {pricing.length > 0 && (
            <Card data-testid="pricing-panel">
              <CardBody className="gap-3">
                <h2 className="font-semibold">{t('Pricing Plan')}</h2>
                <PricingGrid plans={pricing} />
              </CardBody>
            </Card>
          )}
        </section>
      </div>
      {dialogUsed && (
        <Suspense fallback={null}>
          <OrderDialog
            // As the list has it now: a leverage changed meanwhile shows, a deleted instrument closes the dialog.
            instrument={ticket ? (byName.get(ticket.instrument.name) ?? null) : null}
            type={ticket?.type ?? 'buy'}
            spreadSetting={ticket ? spreads[ticket.instrument.category] : 1}
            onClose={() => setTicket(null)}
            onPlaced={() => {
              refreshAll()
              pending.reload()
            }}
          />
        </Suspense>
      )}
    </AppShell>
  )
}
