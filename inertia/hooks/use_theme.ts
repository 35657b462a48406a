import { useCallback, useEffect, useState } from 'react'
import { LOCAL_KEYS, readLocal, writeLocal } from '~/lib/storage'
import { useBranding } from '~/hooks/use_shared'

export type Theme = 'dark' | 'light'

/** Every mounted useTheme hears a switch: the chart repaints its colours with the page. */
const THEME_EVENT = 'app:theme'

const localTheme = (): Theme | null => {
  const stored = readLocal(LOCAL_KEYS.theme)
  return stored === 'light' || stored === 'dark' ? stored : null
}

/**
 * Theme kept locally under `theme`; default from branding, else dark
 * (customer spec §9). Without a local choice it follows the branding prop,
 * so an admin's change shows on the next page without a reload.
 */
export function useTheme() {
  const branding = useBranding()
  const [chosen, setThemeState] = useState<Theme | null>(localTheme)
  const theme: Theme = chosen ?? branding?.theme ?? 'dark'

  useEffect(() => {
    const root = document.documentElement
    root.classList.remove('dark', 'light')
    root.classList.add(theme)
  }, [theme])

  useEffect(() => {
    const follow = (event: Event) => setThemeState((event as CustomEvent<Theme>).detail)
    window.addEventListener(THEME_EVENT, follow)
    return () => window.removeEventListener(THEME_EVENT, follow)
  }, [])

  const setTheme = useCallback((next: Theme) => {
    writeLocal(LOCAL_KEYS.theme, next)
    window.dispatchEvent(new CustomEvent<Theme>(THEME_EVENT, { detail: next }))
  }, [])

  return { theme, setTheme }
}
