import { Suspense, lazy, type ComponentType } from 'react'
import { whenIdle } from '~/lib/when_idle'

/**
 * A component whose code is fetched after the page paints rather than with it
 * (a HeroUI control that carries tens of kB of react-aria), kept out of every
 * page's first load. The fetch starts when the browser is first idle, so the
 * control is usually in before anyone reaches it; until then `Placeholder`,
 * drawn with the same props at the same size, holds its place.
 */
export function afterPaint<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  Placeholder: ComponentType<P>
): ComponentType<P> {
  const Control = lazy(load)
  whenIdle(() => void load())
  return function AfterPaint(props: P) {
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Control {...props} />
      </Suspense>
    )
  }
}
