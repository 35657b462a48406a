import { useMemo } from 'react'
import type { Session } from '~/hooks/use_shared'
import { usePrices, useWatchPrices } from '~/hooks/use_prices'

import { lazyModule } from '~/hooks/use_lazy_module'

/**
 * The §9 formulas and the money type they compute with (~13 kB gzip), fetched
 * when the account has open positions to revalue, not with every page.
 */
const useMetrics = lazyModule(() => import('@domain/account_metrics'))

/**
 * The top bar's figures, recomputed in the browser from live prices with the
 * same §9 formulas the server uses; until an instrument quotes, its position
 * keeps the rate the server priced it at, and until the formulas are loaded
 * the bar shows the server's figures.
 */
export function useLiveAccount(session: Session) {
  const prices = usePrices()
  // The open positions' instruments, on every page that shows the top bar.
  useWatchPrices({ instruments: session.openPositions.map((p) => p.instrument) })
  const metrics = useMetrics(session.openPositions.length > 0)
  return useMemo(() => {
    const positions = session.openPositions
    if (!metrics || !session.account || !session.activeBalance || positions.length === 0)
      return session.account
    return metrics.formatAccountMetrics(
      metrics.accountMetrics({
        balance: session.activeBalance.balance,
        usedMargin: session.activeBalance.margin,
        positions: positions.map((p) => {
          const live = prices[p.instrument]
          const rate = live ? metrics.currentRateFor(p.type, live.bids, live.asks) : null
          return { ...p, currentRate: rate ?? p.currentRate }
        }),
      })
    )
  }, [session, prices, metrics])
}
