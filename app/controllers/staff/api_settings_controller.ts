import type { HttpContext } from '@adonisjs/core/http'
import settings from '#services/settings_service'
import { staffContext } from '#services/audit_log'
import { apiSettingsCard as cardOf, secretFieldNames } from '#domain/api_settings'
import { formValues } from '#domain/settings_schema'
import { settingsValidator } from '#validators/settings'
import { apiSettingsEnvelopeValidator } from '#validators/api_settings'
import { saveSettings } from '#actions/settings/save_settings'
import { disconnectApi } from '#actions/settings/disconnect_api'
import { checkVoisoKey } from '#actions/settings/check_voiso_key'
import { VOISO_SETTING } from '#services/voiso_client'
import { apiSettingsCard, apiSettingsCards } from '#transformers/api_settings_transformer'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * API Settings (admin spec §2, §3 "API setting", §5, §7 PUT /admin/apis/{key}):
 * one card per provider, generated from its settings schema
 * (app/domain/api_settings.ts). Role 1. Keys never reach the page; saving one
 * restarts that feed in the market role (the change bus, feed_manager.ts).
 */
export default class ApiSettingsController {
  /** GET /admin/apis */
  async page({ inertia }: HttpContext) {
    return inertia.render('staff/apis/index', { cards: apiSettingsCards(await settings.rows()) })
  }

  /** PUT /admin/apis/:key { key, value1..value5, clear? } → { message, card } */
  async update(ctx: HttpContext) {
    const card = cardOf(ctx.params.key)
    if (!card) throw new NotFoundException()
    const { clear = [] } = await ctx.request.validateUsing(apiSettingsEnvelopeValidator, {
      meta: { key: card.key, secrets: secretFieldNames(card.schema) },
    })
    // A required key already stored may be sent blank (kept), as may one cleared on purpose.
    settings.forget()
    const stored = formValues(card.schema, await settings.rows()).secretsSet
    const values = await ctx.request.validateUsing(settingsValidator(card.schema), {
      meta: { blankSecrets: [...stored, ...clear] },
    })
    await saveSettings(card.schema, values, staffContext(ctx), { clear })
    if (card.key === VOISO_SETTING) await checkVoisoKey()
    return { message: card.schema.saved, card: apiSettingsCard(card, await settings.rows()) }
  }

  /**
   * DELETE /admin/apis/:key → { message, card }: erases the provider's row
   * (issue 21 item 8), so its markets go back to the simulator.
   */
  async disconnect(ctx: HttpContext) {
    const card = cardOf(ctx.params.key)
    if (!card) throw new NotFoundException()
    await disconnectApi(card, staffContext(ctx))
    return {
      message: `${card.key} disconnected`,
      card: apiSettingsCard(card, await settings.rows()),
    }
  }
}
