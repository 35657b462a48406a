/**
 * A quote as whole ticks of its smallest price step: 1.08452 with 5 decimals
 * is 108452 ticks. The simulator moves prices in ticks, so no binary float
 * ever produces a price.
 */
export interface TickQuote {
  bidTicks: number
  spreadTicks: number
  decimals: number
}

/** Reads a bid/ask pair at `decimals` (extra digits are cut, missing ones are zeros). */
export function quoteFromStrings(bid: string, ask: string, decimals: number): TickQuote {
  const bidTicks = toTicks(bid, decimals)
  return { bidTicks, spreadTicks: Math.max(1, toTicks(ask, decimals) - bidTicks), decimals }
}

function toTicks(value: string, decimals: number) {
  const [int, frac = ''] = value.split('.')
  return Number(int + frac.padEnd(decimals, '0').slice(0, decimals))
}

export function ticksToString(ticks: number, decimals: number): string {
  const negative = ticks < 0
  const digits = String(Math.abs(ticks)).padStart(decimals + 1, '0')
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits
  return negative ? `-${text}` : text
}

export function bidOf(q: TickQuote) {
  return ticksToString(q.bidTicks, q.decimals)
}

export function askOf(q: TickQuote) {
  return ticksToString(q.bidTicks + q.spreadTicks, q.decimals)
}

/**
 * One random-walk step: `step` is a whole number of ticks (from the caller's
 * random source), pulled gently back toward `anchorTicks` so a long demo run
 * stays near realistic levels. The bid never falls below one tick.
 */
export function walk(q: TickQuote, step: number, anchorTicks: number): TickQuote {
  const drift = Math.round((anchorTicks - q.bidTicks) / 2000)
  return { ...q, bidTicks: Math.max(1, q.bidTicks + step + drift) }
}

/** Typical step size in ticks: a fraction of the spread, at least one tick. */
export function stepScale(q: TickQuote) {
  return Math.max(1, Math.round(q.spreadTicks / 2))
}
