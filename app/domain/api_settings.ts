/**
 * API Settings (admin spec §2 "API Settings", §3 "API setting", §5): one card
 * per provider, each a settings schema over its row's value1..value5 (the
 * payload's field names, as PUT /admin/apis/{key} sends them). Keys are
 * secrets: never sent back, a blank keeps the stored one. The Currency API's
 * value2/value3 (remaining quota, monthly limit) belong to its poller and are
 * shown read-only, so they are no field here. Browser-safe.
 */
import type { SettingField, SettingsSchema } from './settings_schema.js'

export const OANDA_MODES = [
  { value: 'fxpractice', label: 'Practice (fxpractice)' },
  { value: 'fxtrade', label: 'Live (fxtrade)' },
] as const

/** Long enough for any provider's key or account; short enough to keep junk out. */
const MAX_KEY_LENGTH = 200

const apiKey = (key: string, slot: 'value1' | 'value2', optional = false): SettingField => ({
  name: slot,
  key,
  slot,
  label: 'API Key',
  kind: 'text',
  secret: true,
  maxLength: MAX_KEY_LENGTH,
  fallback: '',
  optional,
  required: 'API Key is required',
  invalid: `API Key must be at most ${MAX_KEY_LENGTH} characters`,
})

const saved = (key: string) => `${key} updated successfully`

export interface ApiSettingsCard {
  /** The settings row, the path's {key} and the schema's id. */
  key: string
  /** The card's title, as the spec writes it. */
  title: string
  schema: SettingsSchema
}

export const API_SETTINGS: readonly ApiSettingsCard[] = [
  {
    key: 'polygonAPI',
    title: 'Polygon Socket (Forex, Crypto, Hours)',
    schema: {
      id: 'polygonAPI',
      saved: saved('polygonAPI'),
      fields: [apiKey('polygonAPI', 'value1')],
    },
  },
  {
    key: 'eodAPI',
    title: 'EOD Historial Data (Stock)',
    schema: { id: 'eodAPI', saved: saved('eodAPI'), fields: [apiKey('eodAPI', 'value1')] },
  },
  {
    key: 'currencyAPI',
    title: 'Currency API',
    schema: {
      id: 'currencyAPI',
      saved: saved('currencyAPI'),
      fields: [apiKey('currencyAPI', 'value1')],
    },
  },
  {
    key: 'oandaAPI',
    title: 'OANDA API (Commodity, Index)',
    schema: {
      id: 'oandaAPI',
      saved: saved('oandaAPI'),
      fields: [
        {
          name: 'value1',
          key: 'oandaAPI',
          slot: 'value1',
          label: 'Account Number',
          kind: 'text',
          maxLength: 64,
          fallback: '',
          required: 'Account Number is required',
          invalid: 'Account Number must be at most 64 characters',
        },
        apiKey('oandaAPI', 'value2'),
        {
          name: 'value3',
          key: 'oandaAPI',
          slot: 'value3',
          label: 'Mode',
          kind: 'choice',
          options: OANDA_MODES,
          fallback: 'fxpractice',
          required: 'Mode must be fxpractice or fxtrade',
        },
      ],
    },
  },
  {
    key: 'voiso',
    title: 'Voiso',
    schema: {
      id: 'voiso',
      saved: saved('voiso'),
      fields: [
        {
          name: 'value1',
          key: 'voiso',
          slot: 'value1',
          label: 'Cluster ID',
          kind: 'text',
          maxLength: 64,
          fallback: '',
          optional: true,
          required: 'Cluster ID is required',
          invalid: 'Cluster ID must be at most 64 characters',
        },
        apiKey('voiso', 'value2', true),
      ],
    },
  },
]

export const API_SETTING_KEYS = API_SETTINGS.map((card) => card.key)

/** The card of a path's {key}, or undefined for a key that is no API setting. */
export function apiSettingsCard(key: unknown): ApiSettingsCard | undefined {
  return API_SETTINGS.find((card) => card.key === key)
}

/** The secret fields of a card (what `clear` may name). */
export function secretFieldNames(schema: SettingsSchema): string[] {
  return schema.fields.filter((f) => f.kind === 'text' && f.secret).map((f) => f.name)
}

/**
 * Whether a card holds settings someone saved, i.e. whether Disconnect means anything: a
 * secret stored, or a value other than its field's default. OANDA's mode alone (the demo
 * seeds 'fxpractice') connects nothing, and a Disconnect beside empty fields read as
 * "OANDA is connected" in the walk (issue 21).
 */
export function hasSavedSettings(
  schema: SettingsSchema,
  values: Record<string, unknown>,
  secretsSet: readonly string[]
): boolean {
  if (secretsSet.length > 0) return true
  return schema.fields.some((field) => {
    const value = values[field.name]
    if (value === undefined || value === null || value === '') return false
    return String(value) !== field.fallback
  })
}

/** Currency API quota (admin spec §3): used and total of the month, from the poller's remaining/limit. */
export function quotaUsage(
  remaining: string | null | undefined,
  limit: string | null | undefined
): { used: number; total: number } | null {
  if (!remaining || !limit || !/^\d{1,12}$/.test(remaining) || !/^\d{1,12}$/.test(limit)) {
    return null
  }
  const total = Number(limit)
  return { used: Math.max(0, total - Number(remaining)), total }
}
