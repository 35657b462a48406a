import { useMemo } from 'react'
import { lazyModule } from '~/hooks/use_lazy_module'

/** Fuzzy instrument search over name, base, quote and alias, threshold 0.3 (customer spec §2). */
export const SEARCH_THRESHOLD = 0.3

/**
 * fuse.js, fetched when the market watch mounts (after the page paints) rather
 * than with the page (~10 kB gzip of the dashboard's first load): usually in
 * before the first keystroke.
 */
const useFuse = lazyModule(() => import('fuse.js').then((m) => m.default))

export function useInstrumentSearch<
  T extends { name: string; base: string; quote: string; alias: string | null },
>(instruments: T[], query: string): T[] | null {
  const FuseOf = useFuse(true)
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
