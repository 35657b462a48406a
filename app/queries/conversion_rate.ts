import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import currencyRates from '#services/market/feeds/currency_rates'
import { conversionRate, midPrice } from '#domain/conversion'

/**
 * The only pairs `conversionRate` can consult for quote → account: the two
 * directions between them and between each of them and USD.
 */
function candidatePairs(quote: string, account: string) {
  const q = quote.toUpperCase()
  const a = account.toUpperCase()
  return [...new Set([`${a}_${q}`, `${q}_${a}`, `USD_${a}`, `${a}_USD`, `USD_${q}`, `${q}_USD`])]
}

/**
 * Mid prices of the listed forex pairs among `names`, live where this process
 * has quotes, else stored. Loading only the candidate pairs (not every forex
 * row) keeps an order to one small indexed read.
 */
async function forexMids(names: string[], client?: TransactionClientContract) {
  const pairs = await Instrument.query({ client })
    .where('category', 'forex')
    .whereIn('name', names)
    .whereNotNull('bids')
    .whereNotNull('asks')
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
 * Same currency: 1, without a database read. Inside a transaction, pass its
 * `client` (DECISIONS "Reads inside a transaction").
 */
export async function conversionRateFor(
  quote: string,
  accountCurrency: string,
  client?: TransactionClientContract
) {
  const same = quote.toUpperCase() === accountCurrency.toUpperCase()
  const mids = same
    ? new Map<string, string>()
    : await forexMids(candidatePairs(quote, accountCurrency), client)
  return (
    conversionRate(quote, accountCurrency, (pair) => mids.get(pair)) ??
    currencyRates.rate(quote, accountCurrency)
  )
}
