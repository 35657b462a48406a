import { useMemo } from 'react'
import type { Session } from '~/hooks/use_shared'
import { usePrices, useWatchPrices } from '~/hooks/use_prices'
import { accountMetrics, currentRateFor, formatAccountMetrics } from '@domain/account_metrics'

/**
 * The top bar's figures, recomputed in the browser from live prices with the
 * same §9 formulas the server uses; until an instrument quotes, its position
 * keeps the rate the server priced it at.
 */
export function useLiveAccount(session: Session) {
  const prices = usePrices()
  // The open positions' instruments, on every page that shows the top bar.
  useWatchPrices({ instruments: session.openPositions.map((p) => p.instrument) })
  return useMemo(() => {
    const positions = session.openPositions
    if (!session.account || !session.activeBalance || positions.length === 0) return session.account
    return formatAccountMetrics(
      accountMetrics({
        balance: session.activeBalance.balance,
        usedMargin: session.activeBalance.margin,
        positions: positions.map((p) => {
          const live = prices[p.instrument]
          const rate = live ? currentRateFor(p.type, live.bids, live.asks) : null
          return { ...p, currentRate: rate ?? p.currentRate }
        }),
      })
    )
  }, [session, prices])
}
