import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import currencyRates from '#services/market/feeds/currency_rates'
import { conversionRate, midPrice } from '#domain/conversion'

/** Mid prices of the forex pairs, live where this process has quotes, else stored. */
async function forexMids() {
  const pairs = await Instrument.query().where('category', 'forex').whereNotNull('bids').whereNotNull('asks')
  const mids = new Map<string, string>()
  for (const p of pairs) {
    const { bids, asks } = priceBook.latest(p)
    mids.set(p.name, midPrice(bids!, asks!).toFixed())
  }
  return mids
}

/**
 * Listed pairs first (directly or through USD), as the §9 formulas price them;
 * the Currency API's rates only for currencies no listed pair connects.
 */
export async function conversionRateFor(quote: string, accountCurrency: string) {
  const mids = await forexMids()
  return (
    conversionRate(quote, accountCurrency, (pair) => mids.get(pair)) ??
    currencyRates.rate(quote, accountCurrency)
  )
}
