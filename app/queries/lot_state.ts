import LotOption from '#models/lot_option'
import settings from '#services/settings_service'
import type { Category } from '#domain/instruments'
import { toDbDecimal } from '#domain/money'

export type LotState = 'lot' | 'amount'

/** How a category's order dialog takes its size: free amount, or a lot from the selector. */
export async function lotStateFor(category: Category) {
  const value = await settings.value(`lot_${category}`)
  const lotState: LotState = value === 'lot' ? 'lot' : 'amount'
  const options = await LotOption.query().orderBy('position', 'asc').orderBy('id', 'asc')
  return {
    lotState,
    lotSelector: options.map((o) => ({ value: toDbDecimal(o.value), label: o.label })),
  }
}
