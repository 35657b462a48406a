import { Suspense, useState, type ReactElement, type ReactNode } from 'react'

/** Keys that open a menu from its trigger (the WAI-ARIA menu button pattern). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

/**
 * A menu whose HeroUI dropdown (overlays, menu, selection: ~25 kB gzip of
 * every page's first load) is fetched at the first press rather than with the
 * page. The trigger shows at once; pointing at it or focusing it starts the
 * fetch, and the menu opens as soon as it is in. `menu` is the dropdown
 * itself (a lazy component built on the same trigger, mounted open).
 */
export function DeferredDropdown({
  trigger,
  menu,
  preload,
}: {
  trigger: ReactElement
  menu: ReactNode
  preload: () => Promise<unknown>
}) {
  const [wanted, setWanted] = useState(false)
  if (wanted) return <Suspense fallback={trigger}>{menu}</Suspense>
  const warm = () => void preload()
  // Capture phase: HeroUI's pressable triggers stop the click (and the keys that press them).
  return (
    <span
      className="contents"
      onClickCapture={() => setWanted(true)}
      onKeyDownCapture={(event) => {
        if (OPENING_KEYS.has(event.key)) setWanted(true)
      }}
      onPointerEnter={warm}
      onFocus={warm}
    >
      {trigger}
    </span>
  )
}
