import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { instrumentListItem } from '#transformers/instrument_transformer'

export async function dashboardInstruments() {
  const rows = await Instrument.query().orderBy('category').orderBy('name')
  return rows.map((i) => instrumentListItem(i, priceBook.latest(i)))
}
