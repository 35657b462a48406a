import type { HttpContext } from '@adonisjs/core/http'
import settings from '#services/settings_service'
import {
  formValues,
  LOT_MODE_SETTINGS,
  SPREAD_SETTINGS,
  SWAP_SETTINGS,
} from '#domain/settings_schema'
import { lotSelectorValidator, settingsValidator } from '#validators/settings'
import { saveSettings } from '#actions/settings/save_settings'
import { saveLotSelector } from '#actions/settings/save_lot_selector'
import { lotSelector } from '#queries/lot_state'
import { staffContext } from '#services/audit_log'

/** Spread Settings and Lot Settings (admin spec §2, §3, §7): forms generated from app/domain/settings_schema.ts. */
export default class TradingSettingsController {
  /** GET /admin/spreads: the spreads, and under them the swap and margin-call settings (issue 24). */
  async spreads({ inertia }: HttpContext) {
    const rows = await settings.rows()
    const { values } = formValues(SPREAD_SETTINGS, rows)
    const { values: swapValues } = formValues(SWAP_SETTINGS, rows)
    return inertia.render('staff/settings/spreads', { values, swapValues })
  }

  /** POST /admin/swapSettings { swapTripleDay_{category} (a weekday or 'none'), marginCallLevel } */
  async updateSwaps(ctx: HttpContext) {
    const values = await ctx.request.validateUsing(settingsValidator(SWAP_SETTINGS))
    await saveSettings(SWAP_SETTINGS, values, staffContext(ctx))
    return { message: SWAP_SETTINGS.saved }
  }

  /** POST /admin/spreads { spread_forex, spread_commodity, spread_index, spread_crypto, spread_stock } */
  async updateSpreads(ctx: HttpContext) {
    const values = await ctx.request.validateUsing(settingsValidator(SPREAD_SETTINGS))
    await saveSettings(SPREAD_SETTINGS, values, staffContext(ctx))
    return { message: SPREAD_SETTINGS.saved }
  }

  /** GET /admin/lots */
  async lots({ inertia }: HttpContext) {
    const { values } = formValues(LOT_MODE_SETTINGS, await settings.rows())
    return inertia.render('staff/settings/lots', { values, lotSelector: await lotSelector() })
  }

  /** POST /admin/lots { lot_forex, lot_commodity, lot_index, lot_crypto, lot_stock }: 'lot' or 'amount' */
  async updateLots(ctx: HttpContext) {
    const values = await ctx.request.validateUsing(settingsValidator(LOT_MODE_SETTINGS))
    await saveSettings(LOT_MODE_SETTINGS, values, staffContext(ctx))
    return { message: LOT_MODE_SETTINGS.saved }
  }

  /** POST /admin/lotSelector { lotSelector: [{ label, value }] } */
  async updateLotSelector(ctx: HttpContext) {
    const { lotSelector: entries } = await ctx.request.validateUsing(lotSelectorValidator)
    await saveLotSelector(entries as { label: string; value: string }[], staffContext(ctx))
    return { message: 'Lots updated successfully', lotSelector: await lotSelector() }
  }
}
