import { API_SETTINGS, quotaUsage, type ApiSettingsCard } from '#domain/api_settings'
import { CURRENCY_API_SETTING } from '#services/market/feeds/currency_api'
import { formValues } from '#domain/settings_schema'
import type { SettingRows } from '#domain/site_settings'

/**
 * One API Settings card as the page receives it: its key and title, the
 * values of its shown fields, which keys are stored (never their text), and
 * for the Currency API the poller's read-only remaining quota and limit.
 */
export function apiSettingsCard(card: ApiSettingsCard, rows: SettingRows) {
  const { values, secretsSet } = formValues(card.schema, rows)
  const row = rows[card.key]
  return {
    key: card.key,
    title: card.title,
    values,
    secretsSet,
    quota:
      card.key === CURRENCY_API_SETTING
        ? {
            remaining: row?.value2 ?? null,
            limit: row?.value3 ?? null,
            usage: quotaUsage(row?.value2, row?.value3),
          }
        : null,
  }
}

export function apiSettingsCards(rows: SettingRows) {
  return API_SETTINGS.map((card) => apiSettingsCard(card, rows))
}

export type ApiSettingsCardProps = ReturnType<typeof apiSettingsCard>
