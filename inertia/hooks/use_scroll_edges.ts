import { useEffect, useState, type RefObject } from 'react'

/** Where a table's horizontal scroller is, inside the box that holds it, and what it hides. */
export interface ScrollEdges {
  /** Columns hidden to the left / to the right of what is shown. */
  left: boolean
  right: boolean
  /** The scroller's box relative to the holder (for the cue overlays). */
  top: number
  height: number
  insetLeft: number
  insetRight: number
  /** Width of the pinned actions column at the scroller's right edge (0 without one). */
  pinned: number
}

const NONE: ScrollEdges = {
  left: false,
  right: false,
  top: 0,
  height: 0,
  insetLeft: 0,
  insetRight: 0,
  pinned: 0,
}

const same = (a: ScrollEdges, b: ScrollEdges) =>
  (Object.keys(a) as (keyof ScrollEdges)[]).every((k) => a[k] === b[k])

/**
 * Follows a table's sideways scroller (the element holding the `<table>`
 * inside `holder`): whether columns are hidden left or right, and where the
 * scroller sits, so the table can draw a cue on each edge with more columns
 * (issue 21 item 8). Re-measured on scroll, on resize and when `deps` change.
 */
export function useScrollEdges(holder: RefObject<HTMLElement | null>, deps: unknown[]) {
  const [edges, setEdges] = useState<ScrollEdges>(NONE)
  useEffect(() => {
    const box = holder.current
    const scroller = box?.querySelector('table')?.parentElement
    if (!box || !scroller) return
    const measure = () => {
      const outer = box.getBoundingClientRect()
      const inner = scroller.getBoundingClientRect()
      const max = scroller.scrollWidth - scroller.clientWidth
      const pinnedCell = scroller.querySelector<HTMLElement>('th.sticky-actions')
      const next: ScrollEdges = {
        left: scroller.scrollLeft > 1,
        right: max > 1 && scroller.scrollLeft < max - 1,
        top: Math.round(inner.top - outer.top),
        height: Math.round(scroller.clientHeight),
        insetLeft: Math.round(inner.left - outer.left),
        insetRight: Math.round(outer.right - inner.right),
        pinned: pinnedCell ? Math.round(pinnedCell.getBoundingClientRect().width) : 0,
      }
      setEdges((old) => (same(old, next) ? old : next))
    }
    measure()
    scroller.addEventListener('scroll', measure, { passive: true })
    const resized = new ResizeObserver(measure)
    resized.observe(scroller)
    const table = scroller.querySelector('table')
    if (table) resized.observe(table)
    return () => {
      scroller.removeEventListener('scroll', measure)
      resized.disconnect()
    }
  }, deps)
  return edges
}
