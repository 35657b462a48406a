import { money, Money, type MoneyInput } from './money.js'

/*
 * Stripe takes and reports amounts as integers in the currency's minor unit
 * (docs.stripe.com/currencies): cents for most currencies, whole units for the
 * zero-decimal ones, thousandths for the three-decimal ones. Wallets keep two
 * decimals whatever the currency, so a total may hold a fraction the currency
 * cannot be charged in (JPY 1000.50): it is rounded UP to the next chargeable
 * amount, because a deposit is credited only when the whole total is collected.
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
])
/** Charged in thousandths, but Stripe requires the last digit to be 0. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND'])
/** Two decimals in the API, but charged in whole units only (amounts divisible by 100). */
const WHOLE_UNITS_ONLY = new Set(['ISK'])

/** How many decimals Stripe's integer amounts carry for `currency`. */
export function minorUnitExponent(currency: string): number {
  const code = currency.trim().toUpperCase()
  if (ZERO_DECIMAL.has(code)) return 0
  if (THREE_DECIMAL.has(code)) return 3
  return 2
}

/** The smallest step, in minor units, an amount may be charged in. */
function chargeStep(currency: string): number {
  const code = currency.trim().toUpperCase()
  if (THREE_DECIMAL.has(code)) return 10
  if (WHOLE_UNITS_ONLY.has(code)) return 100
  return 1
}

/** `amount` as Stripe's integer minor units (a digit string), rounded up to a chargeable step. */
export function toMinorUnits(amount: MoneyInput, currency: string): string {
  const step = chargeStep(currency)
  const units = money(amount).times(new Money(10).pow(minorUnitExponent(currency)))
  return units.dividedBy(step).toDecimalPlaces(0, Money.ROUND_CEIL).times(step).toFixed(0)
}

/** Stripe's integer minor units back to a decimal string in major units ("102.50", "1001", "5.120"). */
export function fromMinorUnits(minor: number | string | bigint, currency: string): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor))
    throw new RangeError(`Not an integer amount: ${minor}`)
  if (typeof minor === 'string' && !/^-?\d+$/.test(minor))
    throw new RangeError(`Not an integer amount: ${minor}`)
  const exponent = minorUnitExponent(currency)
  return money(minor).dividedBy(new Money(10).pow(exponent)).toFixed(exponent)
}
