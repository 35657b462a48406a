import Chart from 'react-apexcharts'
import type { ApexOptions } from 'apexcharts'
import { Card, CardBody, CardHeader } from '@heroui/react'
import type { RecentTransactions, TradeEngagement } from '@domain/dashboard'
import { formatCurrency, formatMoney } from '@domain/formatting'
import { useTheme } from '~/hooks/use_theme'
import { useTranslation } from '~/hooks/use_translation'

/**
 * The dashboard's two charts (admin spec §2 Dashboard). This module is the
 * only one importing apexcharts: the dashboard page loads it with
 * React.lazy, so the library is a chunk of its own that no other page (nor
 * the dashboard's first paint) downloads. scripts/bundle_probe.js checks it
 * in the production build. Numbers here only draw bars; the tooltip shows
 * the server's amounts to 2 decimals.
 */
export default function DashboardCharts(props: {
  recent: RecentTransactions
  engagement: TradeEngagement
  currency: string
}) {
  const { t } = useTranslation()
  const { theme } = useTheme()
  const common: ApexOptions = {
    chart: {
      background: 'transparent',
      toolbar: { show: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
    },
    theme: { mode: theme },
    grid: { borderColor: theme === 'dark' ? '#3f3f46' : '#e4e4e7' },
    legend: { position: 'bottom' },
  }
  const money = (value: number) => formatCurrency(String(value), props.currency)

  const bars: ApexOptions = {
    ...common,
    chart: { ...common.chart, id: 'recent-transactions' },
    colors: ['#17c964', '#f31260'],
    plotOptions: { bar: { columnWidth: '55%', borderRadius: 3 } },
    dataLabels: { enabled: false },
    xaxis: { categories: props.recent.categories },
    yaxis: { labels: { formatter: (v) => formatMoney(String(Math.round(v)), props.currency, 0) } },
    tooltip: { theme, y: { formatter: money } },
  }
  const barSeries = props.recent.series.map((s) => ({ name: t(s.name), data: s.data.map(Number) }))

  const hasTrades = props.engagement.data.some((n) => n > 0)
  const pie: ApexOptions = {
    ...common,
    chart: { ...common.chart, id: 'trade-engagement' },
    labels: props.engagement.categories.map((c) => t(c)),
    tooltip: { theme, y: { formatter: (n: number) => t('{count} trades', { count: n }) } },
  }

  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Card data-testid="chart-recent-transactions">
        <CardHeader className="font-semibold">{t('Recent Transactions')}</CardHeader>
        <CardBody>
          <Chart type="bar" height={320} options={bars} series={barSeries} />
        </CardBody>
      </Card>
      <Card data-testid="chart-trade-engagement">
        <CardHeader className="font-semibold">{t('Trade Engagement')}</CardHeader>
        <CardBody>
          {hasTrades ? (
            <Chart type="pie" height={320} options={pie} series={props.engagement.data} />
          ) : (
            <p className="py-24 text-center text-default-500" data-testid="trade-engagement-empty">
              {t('No data found')}
            </p>
          )}
        </CardBody>
      </Card>
    </div>
  )
}
