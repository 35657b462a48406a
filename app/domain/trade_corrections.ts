import { Money, money, type MoneyInput } from './money.js'
import { openProfitLoss, type OpenPositionInput } from './account_metrics.js'

/**
 * Staff corrections of trades (issue 21 item 2): the rules that keep a
 * correction from moving money the market or the customer's account cannot
 * justify. Pure; the action `update_trade` reads the figures and applies them.
 */

/** How far (percent of the current quote) a corrected rate may sit without `force` (TRADE_CORRECTION_MAX_DEVIATION_PERCENT). */
export const DEFAULT_MAX_RATE_DEVIATION_PERCENT = 20

export const FORCE_NEEDED_MESSAGE = 'Confirm to apply a rate this far from the market'
export const NO_QUOTE_MESSAGE =
  'There is no current quote to check this rate against; it must be confirmed'

export type CorrectedRateField = 'openRate' | 'closeRate'

/** |rate − reference| ÷ reference × 100; the reference must be above zero. */
export function rateDeviationPercent(rate: MoneyInput, reference: MoneyInput): Money {
  const ref = money(reference)
  if (!ref.greaterThan(0)) throw new RangeError('the reference rate must be above zero')
  return money(rate).minus(ref).abs().dividedBy(ref).times(100)
}

export interface RateCheck {
  /** Field → message for every rate out of bounds (empty: all within, or forced). */
  errors: { field: string; message: string }[]
  /** Field → deviation in percent (2 decimals), or null without a quote: what a forced correction's audit row records. */
  deviations: Partial<Record<CorrectedRateField, string | null>>
}

/**
 * The market's sanity bound on corrected rates: a rate more than `maxPercent`
 * from the current quote (or any rate when there is no quote to compare
 * with) is refused unless staff confirm it (`force`). A refusal also names
 * the `force` field, so the form can offer the confirmation.
 */
export function checkRatesAgainstMarket(input: {
  rates: Partial<Record<CorrectedRateField, MoneyInput>>
  /** The rate the order would trade at now; null when there is none. */
  quote: MoneyInput | null
  maxPercent: number
  force: boolean
}): RateCheck {
  const errors: RateCheck['errors'] = []
  const deviations: RateCheck['deviations'] = {}
  const limit = String(input.maxPercent)
  const reference = input.quote === null ? null : money(input.quote)
  const quoted = reference !== null && reference.greaterThan(0)
  for (const field of ['openRate', 'closeRate'] as const) {
    const rate = input.rates[field]
    if (rate === undefined) continue
    if (!quoted) {
      deviations[field] = null
      if (!input.force) errors.push({ field, message: NO_QUOTE_MESSAGE })
      continue
    }
    const percent = rateDeviationPercent(rate, reference)
    const deviation = percent.toFixed(2)
    deviations[field] = deviation
    if (input.force || percent.lessThanOrEqualTo(input.maxPercent)) continue
    const quote = reference.toFixed()
    errors.push({
      field,
      message:
        field === 'openRate'
          ? `Open rate is ${deviation}% away from the current quote (${quote}); more than ${limit}% must be confirmed`
          : `Close rate is ${deviation}% away from the current quote (${quote}); more than ${limit}% must be confirmed`,
    })
  }
  if (errors.length) errors.push({ field: 'force', message: FORCE_NEEDED_MESSAGE })
  return { errors, deviations }
}

/**
 * Whether the account can carry a correction of an open position, by the
 * rule closed-trade corrections follow: a change that lowers the open P/L is
 * a debit, allowed only while balance − margin − on hold − open losses (after
 * the change) stays at zero or above. An open profit is not cash, as for
 * withdrawals; a change in the customer's favour is always allowed.
 */
export function openCorrectionCovered(input: {
  balance: MoneyInput
  margin: MoneyInput
  onHold: MoneyInput
  /** The wallet's open positions as they are, and as they would be after the correction. */
  before: OpenPositionInput[]
  after: OpenPositionInput[]
}): boolean {
  const plBefore = openProfitLoss(input.before)
  const plAfter = openProfitLoss(input.after)
  if (plAfter.greaterThanOrEqualTo(plBefore)) return true
  const openLoss = plAfter.isNegative() ? plAfter.negated() : new Money(0)
  return money(input.balance)
    .minus(money(input.margin))
    .minus(money(input.onHold))
    .minus(openLoss)
    .greaterThanOrEqualTo(0)
}
