import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LANGUAGE_CODE, LIMITS, MAX_LANGUAGES } from '#domain/languages'
import { LIST_QUERY_MESSAGES, listQueryFields } from '#validators/lists'

const CODE_MESSAGE = 'Code must be a language code such as es or pt-br'

/** A language code field: trimmed, lower-cased, then checked against LANGUAGE_CODE. */
const languageCode = () => vine.string().trim().toLowerCase().maxLength(12).regex(LANGUAGE_CODE)

/**
 * POST /admin/languages { lotSelector: [{ name, code }], confirm? } (admin
 * spec §7: the list as a whole, under the spec's key). `confirm` says the
 * translations of the languages removed may go (see saveLanguages).
 */
export const languageListValidator = vine.compile(
  vine.object({
    lotSelector: vine
      .array(
        vine.object({
          name: vine.string().trim().minLength(1).maxLength(LIMITS.name),
          code: languageCode(),
        })
      )
      .maxLength(MAX_LANGUAGES),
    confirm: vine.boolean().optional(),
  })
)
languageListValidator.messagesProvider = new SimpleMessagesProvider({
  'lotSelector.required': 'The language list is required',
  'lotSelector.array': 'The language list is required',
  'lotSelector.array.maxLength': `The list holds at most ${MAX_LANGUAGES} languages`,
  'lotSelector.*.object': 'Each language needs a name and a code',
  'lotSelector.*.name.required': 'Name is required',
  'lotSelector.*.name.string': 'Name is required',
  'lotSelector.*.name.minLength': 'Name is required',
  'lotSelector.*.name.maxLength': `Name must be at most ${LIMITS.name} characters`,
  'lotSelector.*.code.required': 'Code is required',
  'lotSelector.*.code.string': 'Code is required',
  'lotSelector.*.code.maxLength': CODE_MESSAGE,
  'lotSelector.*.code.regex': CODE_MESSAGE,
  'confirm.boolean': 'Confirm must be true or false',
})

/** POST /admin/languages/translations and PUT …/{id}: code, key and value required (admin spec §5). */
export const translationValidator = vine.compile(
  vine.object({
    code: vine.string().trim().toLowerCase().minLength(1).maxLength(12),
    key: vine.string().trim().minLength(1).maxLength(LIMITS.key),
    value: vine.string().trim().minLength(1).maxLength(LIMITS.value),
  })
)
translationValidator.messagesProvider = new SimpleMessagesProvider({
  'code.required': 'Code is required',
  'code.string': 'Code is required',
  'code.minLength': 'Code is required',
  'code.maxLength': 'No such language',
  'key.required': 'Key is required',
  'key.string': 'Key is required',
  'key.minLength': 'Key is required',
  'key.maxLength': `Key must be at most ${LIMITS.key} characters`,
  'value.required': 'Value is required',
  'value.string': 'Value is required',
  'value.minLength': 'Value is required',
  'value.maxLength': `Value must be at most ${LIMITS.value} characters`,
})

export const TRANSLATION_STATUSES = ['untranslated', 'translated'] as const

/** GET /admin/languages/api/{code}?page&limit&search&status&sort&order */
export const translationListValidator = vine.compile(
  vine.object({
    ...listQueryFields(),
    status: vine.enum(TRANSLATION_STATUSES).optional(),
  })
)
translationListValidator.messagesProvider = new SimpleMessagesProvider({
  ...LIST_QUERY_MESSAGES,
  'status.enum': 'Status must be untranslated or translated',
})
