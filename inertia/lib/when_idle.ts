/** Runs `task` once the browser is idle after the first paint (at the latest in a second). */
export function whenIdle(task: () => void) {
  if (typeof window === 'undefined') return
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 1000 })
  else setTimeout(task, 200)
}
