import { useEffect, useRef } from 'react'
import { api } from '~/lib/api'
import type { LivePrice } from '~/hooks/use_prices'
import type { OrderRow } from '~/hooks/use_orders'
import { accountMetrics, currentRateFor, positionProfitLoss } from '@domain/account_metrics'
import { isStopOut, largestLoser, triggeredTarget } from '@domain/risk'
import type { Category } from '@domain/instruments'
import { route } from '~/lib/routes'

/**
 * The client's own automatic closing (customer spec §4): take-profit,
 * stop-loss and stop-out, with the standard stop-out reading (margin level at
 * or below the stop-out percent, or equity ≤ 0) that the server uses too —
 * the spec's literal "negative stop-out" could only fire once equity is
 * already negative. The server's risk engine closes first whether or not a
 * browser is open; these requests are harmless duplicates (it closes once).
 */
export function useAutoClose(input: {
  orders: OrderRow[]
  prices: Record<string, LivePrice>
  balance: string | null
  margin: string | null
  stopOuts: Record<Category, string>
  kinds: Record<string, Category>
  onClosed: () => void
}) {
  const requested = useRef(new Set<number>())
  useEffect(() => {
    if (input.balance === null || input.margin === null) return
    const open = input.orders.filter((o) => o.status === 'OPENED')
    if (open.length === 0) return
    const priced = open.map((o) => {
      const live = input.prices[o.instrument]
      const currentRate =
        live?.bids && live.asks ? currentRateFor(o.type, live.bids, live.asks) : null
      return { o, currentRate }
    })
    const metrics = accountMetrics({
      balance: input.balance,
      usedMargin: input.margin,
      positions: priced.map(({ o, currentRate }) => ({
        ...o,
        tradeAmount: o.units,
        currentRate: currentRate ?? o.openRate,
      })),
    })
    const pending = priced.filter(
      ({ o, currentRate }) => currentRate && !requested.current.has(o.id)
    )
    const toClose = pending.filter(({ o, currentRate }) =>
      triggeredTarget({ type: o.type, profit: o.takeProfit, loss: o.stopLoss }, currentRate!)
    )
    // Stop-out, as on the server: the largest loser first, one at a time.
    const stopOutCandidates = pending
      .filter(({ o }) =>
        isStopOut({
          equity: metrics.equity,
          marginLevel: metrics.marginLevel,
          stopOut: input.stopOuts[input.kinds[o.instrument]] ?? '50',
        })
      )
      .map((p) => ({
        ...p,
        profitLoss: positionProfitLoss({
          ...p.o,
          tradeAmount: p.o.units,
          currentRate: p.currentRate!,
        }),
      }))
    const worst = largestLoser(stopOutCandidates)
    if (worst && !toClose.some((p) => p.o.id === worst.o.id)) toClose.push(worst)
    if (toClose.length === 0) return
    for (const { o } of toClose) requested.current.add(o.id)
    Promise.allSettled(
      toClose.map(({ o }) =>
        api('POST', route('orders.close'), { orderId: o.id, instrument: o.instrument })
      )
    ).then(input.onClosed)
  }, [input.orders, input.prices])
}
