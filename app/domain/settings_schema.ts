/**
 * Typed settings forms (the style of gateways.ts): each field names the
 * settings row (`key`) and value slot it lives in, its kind, its rule and
 * message, and whether it is secret. One schema generates the server's
 * validator (app/validators/settings.ts), the stored values and the form
 * (inertia/components/form/settings_form.tsx), so a setting means the same
 * thing everywhere. Spreads and lots use it; site and API settings will.
 */
import type { Category } from './instruments.js'

export type SettingSlot = 'value1' | 'value2' | 'value3' | 'value4' | 'value5'

export type SettingField =
  | (FieldBase & { kind: 'integer'; min: number; max: number })
  | (FieldBase & { kind: 'decimal'; maxIntegerDigits: number; maxDecimals: number })
  | (FieldBase & { kind: 'text'; maxLength: number; secret?: boolean })
  | (FieldBase & { kind: 'choice'; options: readonly { value: string; label: string }[] })
  | (FieldBase & { kind: 'switch' })

interface FieldBase {
  /** The payload's and the form's field name. */
  name: string
  /** The settings row and slot holding it (slot value1 unless said). */
  key: string
  slot?: SettingSlot
  label: string
  /** The stored text when the row is missing. */
  fallback: string
  /** May be left blank (stored as null). */
  optional?: boolean
  /** The message for a missing value. */
  required: string
  /** The message for a value outside the rule (defaults to `required`). */
  invalid?: string
}

export interface SettingsSchema {
  /** The form's name in the audit log ('spreads', 'lots', …). */
  id: string
  fields: readonly SettingField[]
  /** The success toast. */
  saved: string
}

/** A form's values: text fields as text, switches as booleans. */
export type SettingsValues = Record<string, string | boolean>

const SWITCH_ON = 'on'
const SWITCH_OFF = 'off'

/** The spec's order of the five categories on these forms (admin spec §2 Spread Settings). */
const FORM_CATEGORIES: readonly Category[] = ['forex', 'commodity', 'index', 'crypto', 'stock']

const CATEGORY_LABELS: Record<Category, string> = {
  forex: 'Forex',
  commodity: 'Commodity',
  index: 'Index',
  crypto: 'Crypto',
  stock: 'Stock',
}

/**
 * Spread Settings (admin spec §2, §3): spread_{category}.value1, the integer
 * the spread cost multiplies (customer spec §9), all five required.
 */
export const SPREAD_SETTINGS: SettingsSchema = {
  id: 'spreads',
  saved: 'Spreads updated successfully',
  fields: FORM_CATEGORIES.map((category) => ({
    name: `spread_${category}`,
    key: `spread_${category}`,
    // Built texts: their Spanish entries are checked through SETTINGS_SCHEMAS (translations_complete.spec.ts).
    label: CATEGORY_LABELS[category] + ' Spread',
    kind: 'integer',
    min: 0,
    max: 1000,
    fallback: '1',
    required: CATEGORY_LABELS[category] + ' spread is required',
    invalid: CATEGORY_LABELS[category] + ' spread must be a whole number from 0 to 1000',
  })),
}

export const LOT_MODES = [
  { value: 'lot', label: 'Lot' },
  { value: 'amount', label: 'Amount' },
] as const

/** Lot Settings' first form (admin spec §2, §3): lot_{category}.value1, 'lot' or 'amount'. */
export const LOT_MODE_SETTINGS: SettingsSchema = {
  id: 'lots',
  saved: 'Lots updated successfully',
  fields: FORM_CATEGORIES.map((category) => ({
    name: `lot_${category}`,
    key: `lot_${category}`,
    label: CATEGORY_LABELS[category],
    kind: 'choice',
    options: LOT_MODES,
    fallback: 'amount',
    required: CATEGORY_LABELS[category] + ' lot mode must be Lot or Amount',
  })),
}

/** The message for a field's value, or undefined when it is acceptable (the client's and the server's rule). */
export function settingProblem(field: SettingField, value: unknown): string | undefined {
  const invalid = field.invalid ?? field.required
  if (field.kind === 'switch') return typeof value === 'boolean' ? undefined : field.required
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (text === undefined || text === null || (typeof text === 'string' && text.trim() === '')) {
    return field.optional ? undefined : field.required
  }
  if (typeof text !== 'string') return invalid
  const trimmed = text.trim()
  switch (field.kind) {
    case 'integer': {
      if (!/^\d{1,9}$/.test(trimmed)) return invalid
      const n = Number(trimmed)
      return n >= field.min && n <= field.max ? undefined : invalid
    }
    case 'decimal':
      return new RegExp(`^\\d{1,${field.maxIntegerDigits}}(\\.\\d{1,${field.maxDecimals}})?$`).test(
        trimmed
      )
        ? undefined
        : invalid
    case 'text':
      return trimmed.length <= field.maxLength ? undefined : invalid
    case 'choice':
      return field.options.some((o) => o.value === trimmed) ? undefined : invalid
  }
}

/** Every field's problem, by field name (empty when the values are acceptable). */
export function settingsProblems(
  schema: SettingsSchema,
  values: Record<string, unknown>
): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const field of schema.fields) {
    const problem = settingProblem(field, values[field.name])
    if (problem) problems[field.name] = problem
  }
  return problems
}

/** The text a field stores: canonical integers, trimmed text, on/off for switches, null for a blank optional. */
export function storedText(field: SettingField, value: unknown): string | null {
  if (field.kind === 'switch') return value === true ? SWITCH_ON : SWITCH_OFF
  const text = String(value ?? '').trim()
  if (text === '') return null
  if (field.kind === 'integer') return String(Number(text))
  if (field.kind === 'decimal') return text.replace(/^0+(?=\d)/, '')
  return text
}

type StoredRows = Record<string, Partial<Record<SettingSlot, string | null>> | undefined>

/**
 * The form's values from the stored rows: a missing row gives the fallback;
 * a secret is never sent back (blank, and listed in `secretsSet` when stored).
 */
export function formValues(
  schema: SettingsSchema,
  rows: StoredRows
): { values: SettingsValues; secretsSet: string[] } {
  const values: SettingsValues = {}
  const secretsSet: string[] = []
  for (const field of schema.fields) {
    const stored = rows[field.key]?.[field.slot ?? 'value1']
    const text = stored ?? field.fallback
    if (field.kind === 'switch') values[field.name] = text === SWITCH_ON
    else if (field.kind === 'text' && field.secret) {
      values[field.name] = ''
      if (stored) secretsSet.push(field.name)
    } else values[field.name] = text
  }
  return { values, secretsSet }
}

/** A blank secret keeps the stored one: such fields are left out of the write. */
export function keepsStored(field: SettingField, value: unknown): boolean {
  return field.kind === 'text' && !!field.secret && String(value ?? '').trim() === ''
}

/** Every settings form, so their runtime-built labels and messages can be checked for translations. */
export const SETTINGS_SCHEMAS: readonly SettingsSchema[] = [SPREAD_SETTINGS, LOT_MODE_SETTINGS]

/** Every text a schema shows: labels, option labels, messages and the success toast. */
export function schemaTexts(schema: SettingsSchema): string[] {
  const texts = [schema.saved]
  for (const field of schema.fields) {
    texts.push(field.label, field.required)
    if (field.invalid) texts.push(field.invalid)
    if (field.kind === 'choice') texts.push(...field.options.map((o) => o.label))
  }
  return texts
}
