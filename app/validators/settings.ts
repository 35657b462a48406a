import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import {
  fileMessages,
  secretNames,
  settingProblem,
  switchValue,
  type SettingField,
  type SettingsSchema,
} from '#domain/settings_schema'
import { significantDigits, SQLITE_EXACT_DIGITS } from '#domain/money'
import { EXACT_DIGITS_MESSAGE } from '#validators/rules'

/**
 * What a save may pass as the validator's meta: the secrets that may be left
 * blank (stored ones, which a blank keeps, and those cleared on purpose).
 */
export interface SettingsMeta {
  blankSecrets?: readonly string[]
}

/**
 * One field's rule: the schema's own check (the same function the form's
 * client rules call). Implicit, so it also judges a missing or blank value:
 * required or not is the schema's call (optional fields, kept secrets).
 */
const schemaRule = vine.createRule(
  (value: unknown, field: SettingField, context: FieldContext) => {
    const blankSecrets = (context.meta as SettingsMeta | undefined)?.blankSecrets ?? []
    const problem = settingProblem(field, value, blankSecrets.includes(field.name))
    if (problem) context.report(problem, 'settings', context)
    // A multipart form sends switches as text: the action receives the boolean.
    else if (field.kind === 'switch') context.mutate(switchValue(value), context)
  },
  { implicit: true }
)

const compiled = new WeakMap<SettingsSchema, ReturnType<typeof build>>()

function fieldRule(field: SettingField) {
  // The size is checked here; the content (what the file really is) by the upload sanitizer.
  if (field.kind === 'file') return vine.file({ size: `${field.maxMb}mb` }).optional()
  // Numbers may arrive as JSON numbers; the rule reads them as their text, never computing with them.
  return vine.any().optional().use(schemaRule(field))
}

function messages(field: SettingField): [string, string][] {
  if (field.kind !== 'file') return [[`${field.name}.required`, field.required]]
  const { notFile, tooLarge } = fileMessages(field)
  return [
    [`${field.name}.file`, notFile],
    [`${field.name}.file.size`, tooLarge],
    [`${field.name}.file.extname`, notFile],
  ]
}

function build(schema: SettingsSchema) {
  const properties = Object.fromEntries(
    schema.fields.map((field) => [field.name, fieldRule(field)])
  )
  const validator = vine.compile(vine.object(properties))
  validator.messagesProvider = new SimpleMessagesProvider(
    Object.fromEntries(schema.fields.flatMap(messages))
  )
  return validator
}

/**
 * The validator of a settings form, generated from its schema: every field
 * required unless optional, each with the schema's message, unknown fields
 * dropped. A missing field is refused with its required message too. File
 * fields take one file of at most their size (absent: keep the stored one).
 */
export function settingsValidator(schema: SettingsSchema) {
  let validator = compiled.get(schema)
  if (!validator) {
    validator = build(schema)
    compiled.set(schema, validator)
  }
  return validator
}

const clearValidators = new WeakMap<SettingsSchema, ReturnType<typeof buildClear>>()

function buildClear(schema: SettingsSchema) {
  const secrets = secretNames(schema)
  const validator = vine.compile(
    vine.object({
      clear: vine
        .array(vine.enum(secrets.length ? secrets : ['']))
        .maxLength(Math.max(secrets.length, 1))
        .distinct()
        .optional(),
    })
  )
  validator.messagesProvider = new SimpleMessagesProvider({
    'clear.array': 'Keys to clear must be a list of secret fields',
    'clear.maxLength': 'Keys to clear must be a list of secret fields',
    'clear.distinct': 'Keys to clear must be a list of secret fields',
    'clear.*.enum': 'Only a secret field of this form can be cleared',
  })
  return validator
}

/**
 * `clear`: the secrets of a form to erase on purpose (a blank secret keeps
 * the stored one), for forms whose endpoint has no envelope of its own.
 */
export function clearSecretsValidator(schema: SettingsSchema) {
  let validator = clearValidators.get(schema)
  if (!validator) {
    validator = buildClear(schema)
    clearValidators.set(schema, validator)
  }
  return validator
}

/** The most entries the lot selector may hold (a dropdown, not a table). */
export const MAX_LOT_OPTIONS = 30

/**
 * POST /admin/lotSelector { lotSelector: [{ label, value }] } (admin spec §7):
 * labels required, values positive numbers ("Lot value is numeric", §5) with
 * at most 8 decimals, the list as a whole.
 */
export const lotSelectorValidator = vine.compile(
  vine.object({
    lotSelector: vine
      .array(
        vine.object({
          label: vine.string().trim().minLength(1).maxLength(40),
          value: vine.any().use(lotValueRule()),
        })
      )
      .maxLength(MAX_LOT_OPTIONS)
      .distinct('value'),
  })
)

function lotValueRule() {
  return vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
    // A JSON number is read as its shortest text, never computed with.
    const text =
      typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : typeof value === 'string'
          ? value.trim()
          : ''
    if (!/^\d{1,8}(\.\d{1,8})?$/.test(text) || /^0+(\.0+)?$/.test(text)) {
      field.report('Lot value is numeric and above 0', 'lotValue', field)
    } else if (significantDigits(text) > SQLITE_EXACT_DIGITS) {
      // 8 + 8 digits fit the shape, not SQLite's 15 exact ones (issue 21 item 7).
      field.report(EXACT_DIGITS_MESSAGE, 'exactDigits', field)
    } else field.mutate(text, field)
  })()
}

lotSelectorValidator.messagesProvider = new SimpleMessagesProvider({
  'lotSelector.required': 'The lot selector list is required',
  'lotSelector.array': 'The lot selector list is required',
  'lotSelector.array.maxLength': `The lot selector holds at most ${MAX_LOT_OPTIONS} entries`,
  'lotSelector.distinct': 'Each lot value may appear only once',
  'lotSelector.*.label.required': 'Label is required',
  'lotSelector.*.label.string': 'Label is required',
  'lotSelector.*.label.minLength': 'Label is required',
  'lotSelector.*.label.maxLength': 'Label must be at most 40 characters',
  'lotSelector.*.value.required': 'Lot value is numeric and above 0',
})
