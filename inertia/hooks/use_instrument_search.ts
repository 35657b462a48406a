import { useEffect, useMemo, useState } from 'react'
import type Fuse from 'fuse.js'

/** Fuzzy instrument search over name, base, quote and alias, threshold 0.3 (customer spec §2). */
export const SEARCH_THRESHOLD = 0.3

type FuseClass = typeof Fuse

/**
 * fuse.js, fetched once the page is up rather than with it (~10 kB gzip of the
 * dashboard's first load): usually in before the first keystroke.
 */
let fuseClass: FuseClass | null = null
function loadFuse(): Promise<FuseClass> {
  return import('fuse.js').then((m) => (fuseClass = m.default))
}

export function useInstrumentSearch<
  T extends { name: string; base: string; quote: string; alias: string | null },
>(instruments: T[], query: string): T[] | null {
  const searching = query.trim() !== ''
  const [FuseOf, setFuse] = useState<FuseClass | null>(() => fuseClass)
  useEffect(() => {
    if (FuseOf) return
    let live = true
    const fetch = () => void loadFuse().then((loaded) => live && setFuse(() => loaded))
    // At once when a search is typed, else when the page has painted.
    const timer = setTimeout(fetch, searching ? 0 : 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [searching, FuseOf])
  const fuse = useMemo(
    () =>
      FuseOf &&
      new FuseOf(instruments, {
        keys: ['name', 'base', 'quote', 'alias'],
        threshold: SEARCH_THRESHOLD,
        ignoreLocation: true,
      }),
    [FuseOf, instruments]
  )
  return useMemo(() => {
    const q = query.trim()
    if (!q) return null
    // Until the search library is in (a moment after the first keystroke), nothing matches yet.
    return fuse ? fuse.search(q).map((r) => r.item) : []
  }, [fuse, query])
}
