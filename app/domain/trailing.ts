import { Money, money, MONEY_SCALE, type MoneyInput } from './money.js'
import { pipSize } from './instruments.js'
import { currentRateFor } from './account_metrics.js'
import type { OrderType } from './trading.js'

/**
 * Server-side trailing stop (issue 23 item 2). The stop-loss follows the
 * position's current rate (customer spec §4: the ask for a buy, the bid for a
 * sell) at a fixed distance, and only ever moves in the position's favour:
 * a buy's stop only up, a sell's only down. The stop is the whole state: no
 * peak price is kept, so a restart resumes from the stored stop.
 */

/** How the customer typed the distance: price units, or pips (the site's stopLossSelector). */
export type TrailingMode = 'price' | 'pips'

/** The distance in price units: as typed, or pips × the pip size of the quote currency (0.01 for JPY). */
export function trailingDistance(value: MoneyInput, mode: TrailingMode, quote: string): Money {
  const typed = money(value)
  return mode === 'pips' ? typed.times(pipSize(quote)) : typed
}

/**
 * Where the stop would sit now: current − distance for a buy, current +
 * distance for a sell, rounded to the instrument's price digits AWAY from the
 * market (a buy's down, a sell's up), so the gap is never less than the
 * distance the customer asked for.
 */
export function trailingCandidate(input: {
  type: OrderType
  bid: MoneyInput
  ask: MoneyInput
  distance: MoneyInput
  digits: number
}): Money {
  const current = money(currentRateFor(input.type, input.bid, input.ask))
  const distance = money(input.distance)
  return input.type === 'buy'
    ? current.minus(distance).toDecimalPlaces(input.digits, Money.ROUND_FLOOR)
    : current.plus(distance).toDecimalPlaces(input.digits, Money.ROUND_CEIL)
}

/** True when `candidate` is a better stop than `stop` (none at all counts as the worst). */
export function improvesStop(
  type: OrderType,
  candidate: MoneyInput,
  stop: MoneyInput | null | undefined
): boolean {
  if (stop === null || stop === undefined || stop === '') return true
  return type === 'buy' ? money(candidate).gt(money(stop)) : money(candidate).lt(money(stop))
}

/**
 * The trailed stop for a quote: the candidate when it improves the current
 * stop (and is a usable, positive rate), else null — the stop stays, it never
 * moves back. Returned as the canonical decimal string the column stores.
 */
export function trailedStop(input: {
  type: OrderType
  bid: MoneyInput
  ask: MoneyInput
  distance: MoneyInput
  digits: number
  stop: MoneyInput | null
}): string | null {
  const candidate = trailingCandidate(input)
  if (!candidate.gt(0) || !improvesStop(input.type, candidate, input.stop)) return null
  return candidate.toDecimalPlaces(MONEY_SCALE).toFixed()
}

export interface TrailingError {
  field: 'trailing'
  message: string
}

/**
 * Why a distance cannot be set (422 under `trailing`): not above zero, finer
 * than the column keeps, smaller than one price step of the instrument, or —
 * given a quote — so wide a buy's stop would sit at or below zero.
 */
export function trailingDistanceErrors(input: {
  type: OrderType
  distance: Money
  mode: TrailingMode
  digits: number
  bid?: MoneyInput | null
  ask?: MoneyInput | null
}): TrailingError[] {
  const { distance } = input
  if (!distance.gt(0)) {
    return [{ field: 'trailing', message: 'Trailing distance must be greater than zero' }]
  }
  if (distance.decimalPlaces() > MONEY_SCALE) {
    return [
      {
        field: 'trailing',
        message:
          input.mode === 'pips'
            ? 'Trailing distance in pips has too many decimals'
            : 'Trailing distance must have at most 8 decimals',
      },
    ]
  }
  const step = new Money(1).dividedBy(new Money(10).pow(input.digits)).toFixed()
  if (distance.lt(step)) {
    return [
      { field: 'trailing', message: `Trailing distance must be at least one price step (${step})` },
    ]
  }
  if (input.type === 'buy' && input.bid && input.ask) {
    const current = money(currentRateFor(input.type, input.bid, input.ask)).toFixed()
    if (!money(current).minus(distance).gt(0)) {
      return [
        {
          field: 'trailing',
          message: `Trailing distance must be less than the current price (${current})`,
        },
      ]
    }
  }
  return []
}
