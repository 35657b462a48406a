import { Money, money, type MoneyInput } from './money.js'

/**
 * The rate that turns an amount in an instrument's quote currency into the
 * account currency, as the §9 formulas divide by it ("/ rate"): how many units
 * of the quote currency one unit of the account currency buys.
 *
 *   quote = account           → 1
 *   pair ACCOUNT_QUOTE listed → its mid          (USD account, JPY quote: USD_JPY ≈ 151.42)
 *   pair QUOTE_ACCOUNT listed → 1 ÷ its mid      (USD account, EUR quote: 1 ÷ EUR_USD)
 *   otherwise through USD     → rate(ACCOUNT→USD) × rate(USD→QUOTE)
 *
 * Returns null when no listed pair connects the two currencies.
 */
export type MidLookup = (pair: string) => MoneyInput | null | undefined

export function conversionRate(quote: string, account: string, mid: MidLookup): Money | null {
  const q = quote.toUpperCase()
  const a = account.toUpperCase()
  const direct = directRate(q, a, mid)
  if (direct || q === 'USD' || a === 'USD') return direct
  const accountToUsd = directRate('USD', a, mid)
  const usdToQuote = directRate(q, 'USD', mid)
  return accountToUsd && usdToQuote ? accountToUsd.times(usdToQuote) : null
}

function directRate(quote: string, account: string, mid: MidLookup): Money | null {
  if (quote === account) return new Money(1)
  const straight = mid(`${account}_${quote}`)
  if (straight) return money(straight)
  const inverse = mid(`${quote}_${account}`)
  if (inverse && !money(inverse).isZero()) return new Money(1).dividedBy(money(inverse))
  return null
}

/** Mid price of a bid/ask pair. */
export function midPrice(bid: MoneyInput, ask: MoneyInput): Money {
  return money(bid).plus(money(ask)).dividedBy(2)
}
