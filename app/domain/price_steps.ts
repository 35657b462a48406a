import { money, type MoneyInput } from './money.js'
import { pipSize, priceDecimals, type Category } from './instruments.js'

/**
 * How the customer's price steppers move (issue 23: the pending order's
 * trigger price and the trailing distance): forex by one pip, other markets
 * by one unit of the last digit they are quoted with.
 */
export function priceStep(category: Category, quote: string, price: string): string {
  if (category === 'forex') return pipSize(quote)
  return money(1)
    .dividedBy(money(10).pow(priceDecimals(category, quote, price)))
    .toFixed()
}

/** A distance in price units as pips of the quote (the trailing stop in pips mode). */
export function distanceInPips(distance: MoneyInput, quote: string): string {
  return money(distance).dividedBy(pipSize(quote)).toDecimalPlaces(2).toFixed()
}
