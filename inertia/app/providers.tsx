import { useEffect, useState } from 'react'
import { HeroUIProvider, ToastProvider } from '@heroui/react'
import { router } from '@inertiajs/react'
import { I18nProvider } from '~/hooks/use_translation'
import { onPlacementChange, type ToastPlacement } from '~/lib/toast'

/**
 * Toasts show their whole text: HeroUI cuts the title to one line with an
 * ellipsis, and server messages are often longer than that (issue 10).
 */
const TOAST_CLASSES = {
  title: 'whitespace-normal! overflow-visible! break-words',
  description: 'whitespace-normal break-words',
}

/**
 * App-wide providers. validationBehavior="aria" keeps HeroUI forms submitting
 * after a server validation error (DESIGN.md pitfalls).
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [placement, setPlacement] = useState<ToastPlacement>('bottom-right')
  useEffect(() => {
    const off = onPlacementChange(setPlacement)
    return () => {
      off()
    }
  }, [])
  return (
    <HeroUIProvider navigate={(to) => router.visit(to)} validationBehavior="aria">
      <ToastProvider placement={placement} toastProps={{ classNames: TOAST_CLASSES }} />
      <I18nProvider>{children}</I18nProvider>
    </HeroUIProvider>
  )
}
