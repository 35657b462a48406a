import Instrument from '#models/instrument'
import type PricingPlan from '#models/pricing_plan'
import priceBook from '#services/market/price_book'
import { instrumentListItem } from '#transformers/instrument_transformer'
import { leverageFor } from '#domain/trading'

/** Every instrument at its freshest price, with the leverage this user's plan gives it. */
export async function dashboardInstruments(plan: PricingPlan | null = null) {
  const rows = await Instrument.query().orderBy('category').orderBy('name')
  return rows.map((i) =>
    instrumentListItem(i, priceBook.latest(i), leverageFor(i.category, plan, i.leverage))
  )
}
