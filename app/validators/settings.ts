import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { settingProblem, type SettingField, type SettingsSchema } from '#domain/settings_schema'

/** One field's rule: the schema's own check (the same function the form's client rules call). */
const schemaRule = vine.createRule((value: unknown, field: SettingField, context: FieldContext) => {
  const problem = settingProblem(field, value)
  if (problem) context.report(problem, 'settings', context)
})

const compiled = new WeakMap<SettingsSchema, ReturnType<typeof build>>()

function build(schema: SettingsSchema) {
  const properties = Object.fromEntries(
    schema.fields.map((field) => [
      field.name,
      // Numbers may arrive as JSON numbers; the rule reads them as their text, never computing with them.
      vine.any().use(schemaRule(field)),
    ])
  )
  const validator = vine.compile(vine.object(properties))
  validator.messagesProvider = new SimpleMessagesProvider(
    Object.fromEntries(schema.fields.map((field) => [`${field.name}.required`, field.required]))
  )
  return validator
}

/**
 * The validator of a settings form, generated from its schema: every field
 * required unless optional, each with the schema's message, unknown fields
 * dropped. A missing field is refused with its required message too.
 */
export function settingsValidator(schema: SettingsSchema) {
  let validator = compiled.get(schema)
  if (!validator) {
    validator = build(schema)
    compiled.set(schema, validator)
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
