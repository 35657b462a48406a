import { Money, money } from '#domain/money'

/**
 * Exchange rates from the Currency API, in memory: units of each currency one
 * unit of the base buys, as decimal strings. Conversion uses them only when no
 * listed pair connects two currencies.
 */
class CurrencyRates {
  #base = 'USD'
  #rates = new Map<string, string>()
  #updatedAt: number | null = null

  replace(base: string, rates: Record<string, string>, at = Date.now()) {
    this.#base = base.toUpperCase()
    this.#rates = new Map(Object.entries(rates).map(([code, value]) => [code.toUpperCase(), value]))
    this.#updatedAt = at
  }

  get updatedAt() {
    return this.#updatedAt
  }

  /**
   * How many units of `quote` one unit of `account` buys (the direction of
   * conversionRate), or null when either currency is unknown.
   */
  rate(quote: string, account: string): Money | null {
    const q = this.#perBase(quote.toUpperCase())
    const a = this.#perBase(account.toUpperCase())
    if (!q || !a || a.isZero()) return null
    return q.dividedBy(a)
  }

  #perBase(code: string): Money | null {
    if (code === this.#base) return new Money(1)
    const value = this.#rates.get(code)
    return value === undefined ? null : money(value)
  }

  clear() {
    this.#base = 'USD'
    this.#rates.clear()
    this.#updatedAt = null
  }
}

const currencyRates = new CurrencyRates()
export default currencyRates
