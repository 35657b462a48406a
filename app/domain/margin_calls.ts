/*
 * Margin-call episodes (issue 24 item 5). An account with open positions
 * whose margin level (equity ÷ used margin × 100) is at or below the site's
 * margin-call level enters an episode — one notice and one e-mail — unless it
 * is at its stop-out level, where the stop-out acts instead. The episode ends
 * when the level recovers above the margin-call level or nothing is left
 * open; the next dip is a new episode.
 */

export type MarginCallStep = 'enter' | 'leave' | null

export interface MarginCallState {
  /** An episode is open for the account. */
  open: boolean
  /** Open positions of the account. */
  positions: number
  /** The margin level in percent; null when no margin is used. */
  marginLevel: number | null
  /** The site's margin-call level in percent. */
  callLevel: number
  /** The highest stop-out level among the account's positions, in percent. */
  stopOutLevel: number
  /** Equity at or below zero (a stop-out whatever the level). */
  equityGone?: boolean
}

/** What the account's episode does now: enter one, leave it, or nothing. */
export function marginCallStep(s: MarginCallState): MarginCallStep {
  if (s.positions === 0 || s.marginLevel === null) return s.open ? 'leave' : null
  if (s.marginLevel > s.callLevel) return s.open ? 'leave' : null
  if (s.open) return null
  // Being stopped out: the stop-out closes positions now; an episode starts only if the level stays low after it.
  if (s.equityGone || s.marginLevel <= s.stopOutLevel) return null
  return 'enter'
}
