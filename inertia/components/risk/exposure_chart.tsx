import Chart from 'react-apexcharts'
import type { ApexOptions } from 'apexcharts'
import { Card, CardBody, CardHeader } from '@heroui/react'
import { formatCurrency } from '@domain/formatting'
import { useTheme } from '~/hooks/use_theme'
import { useTranslation } from '~/hooks/use_translation'

export interface ExposureBar {
  instrument: string
  /** Signed net notional in USD (customers long: positive). */
  usdNotional: string | null
  /** The customers' unrealized P/L in USD; the house's is its opposite. */
  clientsUnrealizedPl: string | null
}

const HOUSE_GAINS = '#17c964'
const HOUSE_LOSES = '#f31260'
const FLAT = '#a1a1aa'

/**
 * Net exposure per instrument (issue 24 item 3), as the admin dashboard draws
 * its charts: customers' net long to the right, net short to the left, each
 * bar coloured by the HOUSE's unrealized P/L (green: the house gains, red: it
 * loses). Loaded on demand by the risk page (scripts/bundle_probe.js).
 */
export default function ExposureChart(props: { bars: ExposureBar[] }) {
  const { t } = useTranslation()
  const { theme } = useTheme()
  const bars = props.bars.filter((b) => b.usdNotional !== null)
  const colors = bars.map((b) => {
    const house = -Number(b.clientsUnrealizedPl ?? 0)
    return house > 0 ? HOUSE_GAINS : house < 0 ? HOUSE_LOSES : FLAT
  })
  const options: ApexOptions = {
    chart: {
      id: 'net-exposure',
      background: 'transparent',
      toolbar: { show: false },
      animations: { enabled: false },
      fontFamily: 'inherit',
    },
    theme: { mode: theme },
    grid: { borderColor: theme === 'dark' ? '#3f3f46' : '#e4e4e7' },
    colors,
    legend: { show: false },
    plotOptions: {
      bar: { horizontal: true, distributed: true, borderRadius: 2, barHeight: '70%' },
    },
    dataLabels: { enabled: false },
    xaxis: {
      categories: bars.map((b) => b.instrument),
      labels: { formatter: (v) => formatCurrency(String(Math.round(Number(v))), 'USD') },
    },
    tooltip: {
      theme,
      y: {
        formatter: (_v, opts) => {
          const b = bars[opts?.dataPointIndex ?? -1]
          if (!b) return ''
          const house = -Number(b.clientsUnrealizedPl ?? 0)
          return `${formatCurrency(b.usdNotional!, 'USD')} · ${t('House P/L')} ${formatCurrency(String(house.toFixed(2)), 'USD')}`
        },
      },
    },
  }
  return (
    <Card data-testid="chart-net-exposure">
      <CardHeader className="flex flex-col items-start gap-1">
        <span className="font-semibold">{t('Net exposure per instrument (USD)')}</span>
        <span className="text-tiny text-default-500">
          {t(
            'Customers long to the right, short to the left; green: the house gains, red: it loses'
          )}
        </span>
      </CardHeader>
      <CardBody>
        {bars.length ? (
          <Chart
            type="bar"
            height={Math.max(160, bars.length * 28 + 60)}
            options={options}
            series={[{ name: t('Net notional'), data: bars.map((b) => Number(b.usdNotional)) }]}
          />
        ) : (
          <p className="py-12 text-center text-default-500">{t('No data found')}</p>
        )}
      </CardBody>
    </Card>
  )
}
