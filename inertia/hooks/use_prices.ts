import { useState } from 'react'
import { useChannel } from '~/hooks/use_transmit'

export interface LivePrice {
  bids: string | null
  asks: string | null
  prevBids: string | null
  prevAsks: string | null
}

interface PriceFrame {
  type: 'priceUpdate'
  instruments: { name: string; bids: string; asks: string; closeoutBid: string; closeoutAsk: string }[]
}

/**
 * Live prices by instrument name, seeded from page props and replaced by each
 * `priceUpdate` frame (customer spec §4); the previous values drive the arrows.
 */
export function usePrices(initial: { name: string; bids: string | null; asks: string | null }[]) {
  const [prices, setPrices] = useState<Record<string, LivePrice>>(() =>
    Object.fromEntries(
      initial.map((i) => [i.name, { bids: i.bids, asks: i.asks, prevBids: null, prevAsks: null }])
    )
  )
  useChannel<PriceFrame>('prices', (frame) => {
    if (frame.type !== 'priceUpdate') return
    setPrices((current) => {
      const next = { ...current }
      for (const q of frame.instruments) {
        const before = current[q.name]
        next[q.name] = {
          bids: q.bids,
          asks: q.asks,
          prevBids: before?.bids ?? null,
          prevAsks: before?.asks ?? null,
        }
      }
      return next
    })
  })
  return prices
}
