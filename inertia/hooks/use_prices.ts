import { useEffect, useRef, useSyncExternalStore } from 'react'
import { listenTo, transmitClient } from '~/hooks/use_transmit'
import type { Category } from '@domain/instruments'
import {
  decodeQuotes,
  priceCategoryChannel,
  priceInstrumentChannel,
  type WireQuote,
} from '@domain/price_frames'

export interface LivePrice {
  bids: string | null
  asks: string | null
  prevBids: string | null
  prevAsks: string | null
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
 * One live price table per tab. The quotes come from the price channels the
 * tab's components ask for (useWatchPrices: a market watch category, single
 * instruments), decoded by #domain/price_frames; each replaces values by
 * instrument name and keeps the previous ones for the arrows (customer spec
 * §4). The `prices` channel brings the control frames (stale, catalog,
 * translations).
 */
let prices: Record<string, LivePrice> = {}
let stale: ReadonlySet<string> = new Set()
let marketDown = false
const listeners = new Set<() => void>()
const catalogListeners = new Set<() => void>()
const translationListeners = new Set<(code: string) => void>()
let subscribed = false

function apply(frame: StaleFrame | CatalogFrame | TranslationsFrame) {
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
  }
}

/** A price channel's message: its quotes replace those known (the same instrument may come on two channels). */
function applyQuotes(payload: unknown) {
  let next: Record<string, LivePrice> | null = null
  for (const q of decodeQuotes(payload) as WireQuote[]) {
    const before = prices[q.name]
    if (before && before.bids === q.bids && before.asks === q.asks) continue
    next ??= { ...prices }
    next[q.name] = {
      bids: q.bids,
      asks: q.asks,
      prevBids: before?.bids ?? null,
      prevAsks: before?.asks ?? null,
    }
  }
  if (!next) return
  prices = next
  listeners.forEach((l) => l())
}

function listen(listener: () => void) {
  if (!subscribed && typeof window !== 'undefined') {
    subscribed = true
    const subscription = transmitClient().subscription('prices')
    subscription.onMessage<StaleFrame | CatalogFrame | TranslationsFrame>(apply)
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

/**
 * Keeps the prices of these market watch categories and instruments live
 * while the component is mounted: the tab subscribes to their price channels
 * (and gets each one's snapshot first), and to nothing it does not show.
 */
export function useWatchPrices(watch: {
  categories?: readonly Category[]
  instruments?: readonly (string | null | undefined)[]
}) {
  const channels = [
    ...new Set([
      ...(watch.categories ?? []).map((c) => priceCategoryChannel(c)),
      ...(watch.instruments ?? [])
        .filter((n): n is string => !!n)
        .map((n) => priceInstrumentChannel(n)),
    ]),
  ].sort()
  const key = channels.join(' ')
  useEffect(() => {
    if (!key) return
    const release = listen(() => {})
    // A handler of its own per listener: the client keeps handlers in a set, so one shared
    // function would be removed for every listener of the channel when the first one stops.
    const stops = key.split(' ').map((channel) => listenTo(channel, (m) => applyQuotes(m)))
    return () => {
      stops.forEach((stop) => stop())
      release()
    }
  }, [key])
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
