import LotOption from '#models/lot_option'
import settings from '#services/settings_service'
import type { Category } from '#domain/instruments'
import { toDbDecimal } from '#domain/money'

export type LotState = 'lot' | 'amount'

/** Whether a category's orders are sized by free amount or by a lot from the selector (a cached setting). */
export async function lotModeFor(category: Category): Promise<LotState> {
  const value = await settings.value(`lot_${category}`)
  return value === 'lot' ? 'lot' : 'amount'
}

/** The lot selector's options, in display order. */
export async function lotSelector() {
  const options = await LotOption.query().orderBy('position', 'asc').orderBy('id', 'asc')
  return options.map((o) => ({ value: toDbDecimal(o.value), label: o.label }))
}

/** How a category's order dialog takes its size: free amount, or a lot from the selector. */
export async function lotStateFor(category: Category) {
  return { lotState: await lotModeFor(category), lotSelector: await lotSelector() }
}
