import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import LotOption from '#models/lot_option'
import settings from '#services/settings_service'
import type { SettingRows } from '#domain/site_settings'
import type { Category } from '#domain/instruments'
import { toDbDecimal } from '#domain/money'

export type LotState = 'lot' | 'amount'

/** Whether a category's orders are sized by free amount or by a lot from the selector (a cached setting). */
export async function lotModeFor(category: Category): Promise<LotState> {
  return lotModeIn(await settings.rows(), category)
}

/** The same, from settings rows already read (before a transaction). */
export function lotModeIn(rows: SettingRows, category: Category): LotState {
  return rows[`lot_${category}`]?.value1 === 'lot' ? 'lot' : 'amount'
}

/** The lot selector's options, in display order (inside a transaction: pass its client). */
export async function lotSelector(client?: TransactionClientContract) {
  const options = await LotOption.query({ client }).orderBy('position', 'asc').orderBy('id', 'asc')
  return options.map((o) => ({ value: toDbDecimal(o.value), label: o.label }))
}

/** How a category's order dialog takes its size: free amount, or a lot from the selector. */
export async function lotStateFor(category: Category) {
  return { lotState: await lotModeFor(category), lotSelector: await lotSelector() }
}
