import { useMemo } from 'react'
import Fuse from 'fuse.js'

/** Fuzzy instrument search over name, base, quote and alias, threshold 0.3 (customer spec §2). */
export const SEARCH_THRESHOLD = 0.3

export function useInstrumentSearch<
  T extends { name: string; base: string; quote: string; alias: string | null },
>(instruments: T[], query: string): T[] | null {
  const fuse = useMemo(
    () =>
      new Fuse(instruments, {
        keys: ['name', 'base', 'quote', 'alias'],
        threshold: SEARCH_THRESHOLD,
        ignoreLocation: true,
      }),
    [instruments]
  )
  return useMemo(() => {
    const q = query.trim()
    return q ? fuse.search(q).map((r) => r.item) : null
  }, [fuse, query])
}
