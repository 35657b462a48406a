import { useEffect, useState } from 'react'

/**
 * A hook over a module fetched on demand rather than with the page: it
 * returns the module once it is in (null until then), fetching it the first
 * time a component asks with `wanted`. The module is kept for the page's
 * life, so later components have it from their first render.
 */
export function lazyModule<M>(load: () => Promise<M>): (wanted: boolean) => M | null {
  let loaded: M | null = null
  return function useLazyModule(wanted: boolean): M | null {
    const [module, setModule] = useState<M | null>(() => loaded)
    useEffect(() => {
      if (!wanted || module) return
      let live = true
      void load().then((m) => {
        loaded = m
        // A function-valued module (a class) must not be taken for a state updater.
        if (live) setModule(() => m)
      })
      return () => {
        live = false
      }
    }, [wanted, module])
    return module
  }
}
