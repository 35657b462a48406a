import { formatDecimal } from './formatting.js'
import { money, type Money, type MoneyInput } from './money.js'

/**
 * Exposure limits (issue 24 item 4): the broker takes the other side of its
 * customers' trades, so the customers' net units on an instrument are the
 * house's opposite position. An instrument may cap that net position at a USD
 * notional (`instruments.exposure_limit`, null = no limit). Pure: exact
 * decimals, the caller reads the book and the price.
 */

export interface ExposureCheck {
  /** The customers' net units on the instrument now (real accounts; long +, short −). */
  netUnits: MoneyInput
  /** The order's signed units: + for a buy, − for a sell. */
  orderUnits: MoneyInput
  /** What one unit is worth in USD: mid × conversion of the quote currency to USD. */
  usdPerUnit: MoneyInput
  /** USD notional; null = no limit. */
  limit: MoneyInput | null
}

/** Signed units of an order: a buy adds to the customers' net, a sell takes from it. */
export function signedUnits(type: 'buy' | 'sell', amount: MoneyInput): Money {
  return type === 'buy' ? money(amount) : money(amount).negated()
}

/**
 * Allowed when the net after the order is within the limit
 * (|net after| × usdPerUnit ≤ limit), or when the order shrinks the net
 * position (|net after| < |net before|): reducing the house's exposure is
 * always welcome, even above the limit (a limit lowered below the book).
 */
export function exposureAllowed(check: ExposureCheck): boolean {
  if (check.limit === null) return true
  const before = money(check.netUnits)
  const after = before.plus(money(check.orderUnits))
  if (after.abs().lessThan(before.abs())) return true
  return after.abs().times(money(check.usdPerUnit)).lessThanOrEqualTo(money(check.limit))
}

/** The customers' net exposure in USD notional: |net| × usdPerUnit. */
export function netUsdNotional(netUnits: MoneyInput, usdPerUnit: MoneyInput): Money {
  return money(netUnits).abs().times(money(usdPerUnit))
}

/** "This order would take the broker's net exposure on EUR_USD beyond its limit of 1,000,000 USD" */
export function exposureLimitMessage(instrument: string, limit: MoneyInput): string {
  const whole = money(limit).isInteger()
  return `This order would take the broker's net exposure on ${instrument} beyond its limit of ${formatDecimal(limit, whole ? 0 : 2, { group: true })} USD`
}
