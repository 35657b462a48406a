import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now, kept current. For the few pieces
 * that move between places with the screen width (the account figures, the
 * staff menu): rendered once where they belong instead of twice with one
 * copy hidden, so each keeps one test id and one set of live updates.
 */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false
  )
}

/** Tailwind's `lg` (64rem): the width from which the shells show everything in one bar. */
export const useIsWide = () => useMediaQuery('(min-width: 64rem)')
/** Tailwind's `sm` (40rem): narrower is a phone. */
export const useIsPhone = () => !useMediaQuery('(min-width: 40rem)')
