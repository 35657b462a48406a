import { useEffect, useRef, useSyncExternalStore } from 'react'
import { transmitClient } from '~/hooks/use_transmit'

export interface LivePrice {
  bids: string | null
  asks: string | null
  prevBids: string | null
  prevAsks: string | null
}

interface PriceFrame {
  type: 'priceUpdate'
  instruments: {
    name: string
    bids: string
    asks: string
    closeoutBid: string
    closeoutAsk: string
  }[]
}

/**
 * Every few seconds: the instruments whose orders the server refuses for a stale price.
 * `market-down`: the web process hears no market role, so no price moves (issue 22 §3).
 */
interface StaleFrame {
  type: 'stale'
  instruments: string[]
  reason?: 'market-down'
}

/** Staff changed the instruments or the plans: pages re-read what they show of them. */
interface CatalogFrame {
  type: 'catalog'
}

/** Staff changed a language's translations (app/services/translation_cache.ts). */
interface TranslationsFrame {
  type: 'translations'
  code: string
}

/**
 * One live price table per tab, fed by a single subscription to the prices
 * channel: each `priceUpdate` frame replaces values by instrument name and
 * keeps the previous ones for the arrows (customer spec §4).
 */
let prices: Record<string, LivePrice> = {}
let stale: ReadonlySet<string> = new Set()
let marketDown = false
const listeners = new Set<() => void>()
const catalogListeners = new Set<() => void>()
const translationListeners = new Set<(code: string) => void>()
let subscribed = false

function apply(frame: PriceFrame | StaleFrame | CatalogFrame | TranslationsFrame) {
  if (frame.type === 'translations') {
    translationListeners.forEach((l) => l(frame.code))
    return
  }
  if (frame.type === 'catalog') {
    catalogListeners.forEach((l) => l())
    return
  }
  if (frame.type === 'stale') {
    stale = new Set(frame.instruments)
    marketDown = frame.reason === 'market-down'
    listeners.forEach((l) => l())
    return
  }
  if (frame.type !== 'priceUpdate') return
  const next = { ...prices }
  for (const q of frame.instruments) {
    const before = prices[q.name]
    next[q.name] = {
      bids: q.bids,
      asks: q.asks,
      prevBids: before?.bids ?? null,
      prevAsks: before?.asks ?? null,
    }
  }
  prices = next
  listeners.forEach((l) => l())
}

function listen(listener: () => void) {
  if (!subscribed && typeof window !== 'undefined') {
    subscribed = true
    const subscription = transmitClient().subscription('prices')
    subscription.onMessage<PriceFrame | StaleFrame | CatalogFrame | TranslationsFrame>(apply)
    subscription.create().catch((e) => console.warn('price subscription failed', e))
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Seeds prices the page received with its props, where no live quote is known yet. */
function seed(initial: { name: string; bids: string | null; asks: string | null }[]) {
  let changed = false
  for (const i of initial) {
    if (prices[i.name]) continue
    if (!changed) prices = { ...prices }
    changed = true
    prices[i.name] = { bids: i.bids, asks: i.asks, prevBids: null, prevAsks: null }
  }
}

export function usePrices(
  initial: { name: string; bids: string | null; asks: string | null }[] = []
) {
  seed(initial)
  return useSyncExternalStore(listen, () => prices)
}

/** The names of the instruments whose price is stale now (their dot shows red). */
export function useStaleInstruments() {
  return useSyncExternalStore(listen, () => stale)
}

/** True while the server hears no market role: every price is stale until it comes back. */
export function useMarketDown() {
  return useSyncExternalStore(listen, () => marketDown)
}

/**
 * Calls `onChange` whenever staff add, edit or remove an instrument or a
 * pricing plan (a `catalog` frame on the prices channel), so a page can
 * re-read its instruments, leverages and plans without a reload.
 */
export function useCatalogChanges(onChange: () => void) {
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => {
    const release = listen(() => {})
    const listener = () => latest.current()
    catalogListeners.add(listener)
    return () => {
      catalogListeners.delete(listener)
      release()
    }
  }, [])
}

/**
 * Calls `listener` with a language's code when staff change its
 * translations. It does not subscribe by itself: the frames reach the pages
 * that listen to the prices channel already (every signed-in customer page,
 * through the shell's live figures), so a visitor's or a staff page costs no
 * price stream; those read the new texts at their next page load.
 */
export function onTranslationsChange(listener: (code: string) => void) {
  translationListeners.add(listener)
  return () => {
    translationListeners.delete(listener)
  }
}
