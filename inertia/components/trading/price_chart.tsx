import { useEffect, useRef } from 'react'
import {
  CandlestickSeries,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { api } from '~/lib/api'
import { usePrices, useWatchPrices } from '~/hooks/use_prices'
import { useTheme } from '~/hooks/use_theme'
import { bucketStart } from '@domain/candles'
import { route } from '~/lib/routes'

/** Axis labels, grid and scale borders with enough contrast on either background. */
const CHART_COLORS = {
  dark: { text: '#d4d4d8', grid: '#27272a', border: '#3f3f46' },
  light: { text: '#27272a', grid: '#d4d4d8', border: '#a1a1aa' },
} as const

interface Bar {
  time: number
  open: string
  high: string
  low: string
  close: string
}

/**
 * Daily candlesticks of the platform's own bars (GET /dashboard/candles), the
 * last one following live bid prices. Numbers here only draw pixels.
 */
export function PriceChart({
  instrument,
  forceDark = false,
  className = 'h-80 w-full',
}: {
  instrument: string
  /** The mobile chart page is always dark (customer spec §2 Price chart page). */
  forceDark?: boolean
  className?: string
}) {
  const container = useRef<HTMLDivElement>(null)
  const chart = useRef<IChartApi | null>(null)
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null)
  const last = useRef<CandlestickData<UTCTimestamp> | null>(null)
  const { theme } = useTheme()
  const dark = forceDark || theme === 'dark'
  const prices = usePrices()
  useWatchPrices({ instruments: [instrument] })
  const bid = prices[instrument]?.bids ?? null

  useEffect(() => {
    if (!container.current) return
    const colors = CHART_COLORS[dark ? 'dark' : 'light']
    chart.current = createChart(container.current, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: colors.text },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderColor: colors.border },
      timeScale: { timeVisible: false, borderColor: colors.border },
    })
    series.current = chart.current.addSeries(CandlestickSeries, {
      upColor: '#17c964',
      downColor: '#f31260',
      borderVisible: false,
      wickUpColor: '#17c964',
      wickDownColor: '#f31260',
    })
    let cancelled = false
    api<{ candles: Bar[] }>('GET', route('market.candles', { instrument }, { interval: '1d' }))
      .then(({ candles }) => {
        if (cancelled || !series.current) return
        const data = candles.map((c) => ({
          time: c.time as UTCTimestamp,
          open: Number(c.open),
          high: Number(c.high),
          low: Number(c.low),
          close: Number(c.close),
        }))
        series.current.setData(data)
        last.current = data[data.length - 1] ?? null
        chart.current?.timeScale().fitContent()
      })
      .catch((e) => console.warn('candles not loaded', e))
    return () => {
      cancelled = true
      chart.current?.remove()
      chart.current = null
      series.current = null
      last.current = null
    }
  }, [instrument, dark])

  useEffect(() => {
    if (!bid || !series.current) return
    const price = Number(bid)
    const time = (bucketStart('1d', Date.now()) / 1000) as UTCTimestamp
    const bar: CandlestickData<UTCTimestamp> =
      last.current && last.current.time === time
        ? {
            ...last.current,
            high: Math.max(last.current.high, price),
            low: Math.min(last.current.low, price),
            close: price,
          }
        : { time, open: price, high: price, low: price, close: price }
    series.current.update(bar)
    last.current = bar
  }, [bid])

  // The chart draws in a box laid over its slot (absolute, inset 0): its canvases then never
  // hold the slot open, so the slot follows the window both ways and autoSize follows the slot.
  return (
    <div
      className={`relative min-h-0 min-w-0 overflow-hidden ${className}`}
      data-testid="price-chart"
      data-theme={dark ? 'dark' : 'light'}
    >
      <div ref={container} className="absolute inset-0" />
    </div>
  )
}
