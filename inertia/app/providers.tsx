import { Suspense, lazy, useEffect, useState } from 'react'
import { HeroUIProvider } from '@heroui/react'
import { router } from '@inertiajs/react'
import { I18nProvider } from '~/hooks/use_translation'
import {
  loadToastRegion,
  onPlacementChange,
  onToastsWanted,
  toastsWanted,
  type ToastPlacement,
} from '~/lib/toast'

/** HeroUI's toast region, loaded with the page's first toast (~/lib/toast). */
const ToastRegion = lazy(loadToastRegion)

/**
 * App-wide providers. validationBehavior="aria" keeps HeroUI forms submitting
 * after a server validation error (DESIGN.md pitfalls).
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [placement, setPlacement] = useState<ToastPlacement>('bottom-right')
  const [toasts, setToasts] = useState(toastsWanted)
  useEffect(() => {
    const off = onPlacementChange(setPlacement)
    const offWanted = onToastsWanted(() => setToasts(true))
    if (toastsWanted()) setToasts(true)
    return () => {
      off()
      offWanted()
    }
  }, [])
  return (
    <HeroUIProvider navigate={(to) => router.visit(to)} validationBehavior="aria">
      {toasts && (
        <Suspense fallback={null}>
          <ToastRegion placement={placement} />
        </Suspense>
      )}
      <I18nProvider>{children}</I18nProvider>
    </HeroUIProvider>
  )
}
