import { useCallback, useEffect, useState } from 'react'
import { LOCAL_KEYS, readLocal, writeLocal } from '~/lib/storage'
import { useBranding } from '~/hooks/use_shared'

export type Theme = 'dark' | 'light'

/** Theme kept locally under `theme`; default from branding, else dark (customer spec §9). */
export function useTheme() {
  const branding = useBranding()
  const [theme, setThemeState] = useState<Theme>(() => {
    const stored = readLocal(LOCAL_KEYS.theme)
    return stored === 'light' || stored === 'dark' ? stored : (branding?.theme ?? 'dark')
  })

  useEffect(() => {
    const root = document.documentElement
    root.classList.remove('dark', 'light')
    root.classList.add(theme)
  }, [theme])

  const setTheme = useCallback((next: Theme) => {
    writeLocal(LOCAL_KEYS.theme, next)
    setThemeState(next)
  }, [])

  return { theme, setTheme }
}
