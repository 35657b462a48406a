/**
 * Typed settings forms (the style of gateways.ts): each field names the
 * settings row (`key`) and value slot it lives in, its kind, its rule and
 * message, and whether it is secret. One schema generates the server's
 * validator (app/validators/settings.ts), the stored values and the form
 * (inertia/components/form/settings_form.tsx), so a setting means the same
 * thing everywhere. Spreads, lots, site and API settings use it.
 *
 * Kinds: integer and decimal (kept as text, never a float), text (optionally
 * secret, or with a format: url, currencies, phone), choice, switch (stored
 * on/off, or the field's own pair such as dark/light) and file (a public
 * picture: the stored value is its key on the public disk; checked by content
 * on the server, app/services/upload_sanitizer.ts; never required: a form
 * sent without one keeps the stored file).
 */
import type { Category } from './instruments.js'
import { SITE_SETTINGS } from './site_settings.js'
import { API_SETTINGS } from './api_settings.js'
import type { Weekday } from './swaps.js'

export type SettingSlot = 'value1' | 'value2' | 'value3' | 'value4' | 'value5'

export type SettingField =
  | (FieldBase & { kind: 'integer'; min: number; max: number })
  | (FieldBase & { kind: 'decimal'; maxIntegerDigits: number; maxDecimals: number })
  | (FieldBase & { kind: 'text'; maxLength: number; secret?: boolean; format?: TextFormat })
  | (FieldBase & { kind: 'choice'; options: readonly { value: string; label: string }[] })
  | (FieldBase & { kind: 'switch'; stored?: { on: string; off: string } })
  | (FieldBase & { kind: 'file'; maxMb: number; accepts: readonly FileKindName[] })

/** Text with a shape: an http(s) address; currency codes separated by commas; a phone number. */
export type TextFormat = 'url' | 'currencies' | 'phone'

/** What a file field may hold (app/domain/file_kinds.ts decides by content). */
export type FileKindName = 'png' | 'jpeg' | 'webp' | 'ico'

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
  /** A short help line under the field. */
  hint?: string
  /** The heading of the group the field starts or belongs to (a long form reads in parts). */
  section?: string
}

export interface SettingsSchema {
  /** The form's name in the audit log ('spreads', 'lots', …). */
  id: string
  fields: readonly SettingField[]
  /** The success toast. */
  saved: string
}

/** A form's values: text fields as text, switches as booleans (file fields are not among them). */
export type SettingsValues = Record<string, string | boolean>

const SWITCH_ON = 'on'
const SWITCH_OFF = 'off'

/** A switch's value as sent: a boolean, or its text in a multipart form ('true'/'false', 'on'/'off', '1'/'0'). */
export function switchValue(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 'on' || value === '1') return true
  if (value === 'false' || value === 'off' || value === '0') return false
  return undefined
}

/** The stored text of a switch in each position. */
const switchTexts = (field: SettingField & { kind: 'switch' }) =>
  field.stored ?? { on: SWITCH_ON, off: SWITCH_OFF }

/** A file field's messages: not a single file, and too large (the kind messages come from the sanitizer). */
export function fileMessages(field: SettingField & { kind: 'file' }) {
  return {
    notFile: `${field.label} must be a single file`,
    tooLarge: `${field.label} must be at most ${field.maxMb} MB`,
  }
}

const CURRENCY_CODE = /^[A-Z]{3,5}$/
/** At most this many currencies in a list. */
export const MAX_CURRENCIES = 20

/** A comma-separated list of currency codes, upper-cased and without repeats; null when any entry is not a code. */
export function currencyList(text: string): string[] | null {
  const codes = text.split(',').map((code) => code.trim().toUpperCase())
  if (codes.length > MAX_CURRENCIES || !codes.every((code) => CURRENCY_CODE.test(code))) return null
  return [...new Set(codes)]
}

/** Whether text is an absolute http(s) address with a host and no user name or password in it. */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false
  try {
    const url = new URL(text)
    return url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/** A phone number as people write it: an optional +, then 6 to 15 digits with spaces, dashes or brackets. */
export function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '').length
  return /^\+?[0-9][0-9 ()-]*$/.test(text) && digits >= 6 && digits <= 15
}

const FORMAT_CHECKS: Record<TextFormat, (text: string) => boolean> = {
  url: isWebAddress,
  currencies: (text) => currencyList(text) !== null,
  phone: isPhoneNumber,
}

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

/** A triple-charge weekday's choices (stored lower case; 'none': no triple day). */
const TRIPLE_DAY_OPTIONS: readonly { value: Weekday | 'none'; label: string }[] = [
  { value: 'monday', label: 'Monday' },
  { value: 'tuesday', label: 'Tuesday' },
  { value: 'wednesday', label: 'Wednesday' },
  { value: 'thursday', label: 'Thursday' },
  { value: 'friday', label: 'Friday' },
  { value: 'saturday', label: 'Saturday' },
  { value: 'sunday', label: 'Sunday' },
  { value: 'none', label: 'No triple day' },
]

/** The slots of `swapTripleDays`, in CATEGORIES order (app/domain/book_settings.ts reads them). */
const TRIPLE_DAY_SLOTS: Record<Category, SettingSlot> = {
  forex: 'value1',
  commodity: 'value2',
  index: 'value3',
  stock: 'value4',
  crypto: 'value5',
}

/** DEFAULT_TRIPLE_DAYS of swaps.ts as stored text (kept here so the form needs no date library). */
const TRIPLE_DAY_FALLBACKS: Record<Category, Weekday | 'none'> = {
  forex: 'wednesday',
  commodity: 'wednesday',
  index: 'wednesday',
  stock: 'friday',
  crypto: 'none',
}

/**
 * Swap and margin-call settings (issue 24 items 1, 5), under the Spread
 * Settings: the weekday each category's rollover is charged three times
 * (the weekend's financing), and the margin level in percent at or below
 * which a customer is warned. Rows `swapTripleDays` and `marginCallLevel`,
 * parsed with their defaults by app/domain/book_settings.ts.
 */
export const SWAP_SETTINGS: SettingsSchema = {
  id: 'swaps',
  saved: 'Swap settings updated successfully',
  fields: [
    ...FORM_CATEGORIES.map((category): SettingField => ({
      name: `swapTripleDay_${category}`,
      key: 'swapTripleDays',
      slot: TRIPLE_DAY_SLOTS[category],
      label: CATEGORY_LABELS[category] + ' triple swap day',
      kind: 'choice',
      options: TRIPLE_DAY_OPTIONS,
      fallback: TRIPLE_DAY_FALLBACKS[category],
      required: CATEGORY_LABELS[category] + ' triple swap day must be a weekday or none',
      section: 'Triple swap day',
    })),
    {
      name: 'marginCallLevel',
      key: 'marginCallLevel',
      label: 'Margin call level',
      kind: 'integer',
      min: 1,
      max: 1000,
      fallback: '100',
      required: 'Margin call level is required',
      invalid: 'Margin call level must be a whole percentage from 1 to 1000',
      hint: 'Customers are warned once when their margin level falls to it',
      section: 'Margin call',
    },
  ],
}

/**
 * The message for a field's value, or undefined when it is acceptable (the
 * client's and the server's rule). `blankAllowed`: a required secret that is
 * stored (a blank keeps it) or being cleared on purpose may be left blank.
 */
export function settingProblem(
  field: SettingField,
  value: unknown,
  blankAllowed = false
): string | undefined {
  const invalid = field.invalid ?? field.required
  if (field.kind === 'switch') return switchValue(value) === undefined ? field.required : undefined
  // Files are checked on the server by their content (settingsValidator, the upload sanitizer).
  if (field.kind === 'file') return undefined
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (text === undefined || text === null || (typeof text === 'string' && text.trim() === '')) {
    const kept = blankAllowed && field.kind === 'text' && !!field.secret
    return field.optional || kept ? undefined : field.required
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
      if (trimmed.length > field.maxLength) return invalid
      return !field.format || FORMAT_CHECKS[field.format](trimmed) ? undefined : invalid
    case 'choice':
      return field.options.some((o) => o.value === trimmed) ? undefined : invalid
  }
}

/**
 * Every field's problem, by field name (empty when the values are acceptable).
 * `blankSecrets`: names of secrets that may be blank (stored, or being cleared).
 */
export function settingsProblems(
  schema: SettingsSchema,
  values: Record<string, unknown>,
  blankSecrets: readonly string[] = []
): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const field of schema.fields) {
    const problem = settingProblem(field, values[field.name], blankSecrets.includes(field.name))
    if (problem) problems[field.name] = problem
  }
  return problems
}

/**
 * The text a field stores: canonical integers, trimmed text, on/off (or the
 * field's pair) for switches, null for a blank optional; currency lists
 * upper-cased without repeats, addresses without a trailing slash.
 */
export function storedText(field: SettingField, value: unknown): string | null {
  if (field.kind === 'switch') {
    const texts = switchTexts(field)
    return switchValue(value) === true ? texts.on : texts.off
  }
  const text = String(value ?? '').trim()
  if (text === '') return null
  if (field.kind === 'integer') return String(Number(text))
  if (field.kind === 'decimal') return text.replace(/^0+(?=\d)/, '')
  if (field.kind === 'text' && field.format === 'currencies') {
    return currencyList(text)?.join(',') ?? text
  }
  if (field.kind === 'text' && field.format === 'url') return text.replace(/\/+$/, '')
  return text
}

type StoredRows = Record<string, Partial<Record<SettingSlot, string | null>> | undefined>

/**
 * The form's values from the stored rows: a missing row gives the fallback;
 * a secret is never sent back (blank, and listed in `secretsSet` when stored);
 * file fields give their stored key in `files` (the page shows the file).
 */
export function formValues(
  schema: SettingsSchema,
  rows: StoredRows
): { values: SettingsValues; secretsSet: string[]; files: Record<string, string | null> } {
  const values: SettingsValues = {}
  const secretsSet: string[] = []
  const files: Record<string, string | null> = {}
  for (const field of schema.fields) {
    const stored = rows[field.key]?.[field.slot ?? 'value1']
    const text = stored ?? field.fallback
    if (field.kind === 'file') files[field.name] = stored?.trim() || null
    else if (field.kind === 'switch') {
      values[field.name] = text === switchTexts(field).on || text === SWITCH_ON
    } else if (field.kind === 'text' && field.secret) {
      values[field.name] = ''
      if (stored) secretsSet.push(field.name)
    } else values[field.name] = text
  }
  return { values, secretsSet, files }
}

/** A blank secret keeps the stored one: such fields are left out of the write. */
export function keepsStored(field: SettingField, value: unknown): boolean {
  return field.kind === 'text' && !!field.secret && String(value ?? '').trim() === ''
}

/** The names of a schema's secret fields (masked in the audit log, clearable on purpose). */
export function secretNames(schema: SettingsSchema): string[] {
  return schema.fields.filter((f) => f.kind === 'text' && f.secret).map((f) => f.name)
}

/** Every settings form, so their runtime-built labels and messages can be checked for translations. */
export const SETTINGS_SCHEMAS: readonly SettingsSchema[] = [
  SPREAD_SETTINGS,
  LOT_MODE_SETTINGS,
  SWAP_SETTINGS,
  SITE_SETTINGS,
  ...API_SETTINGS.map((card) => card.schema),
]

/** Every text a schema shows: labels, option labels, messages and the success toast. */
export function schemaTexts(schema: SettingsSchema): string[] {
  const texts = [schema.saved]
  for (const field of schema.fields) {
    texts.push(field.label, field.required)
    if (field.invalid) texts.push(field.invalid)
    if (field.hint) texts.push(field.hint)
    if (field.section) texts.push(field.section)
    if (field.kind === 'choice') texts.push(...field.options.map((o) => o.label))
    if (field.kind === 'file') texts.push(...Object.values(fileMessages(field)))
  }
  return texts
}
