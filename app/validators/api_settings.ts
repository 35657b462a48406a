import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/** What the envelope check reads from its meta: the path's key and that card's secret fields. */
export interface ApiSettingsMeta {
  key: string
  secrets: string[]
}

const meta = (field: FieldContext) => field.meta as ApiSettingsMeta

/**
 * PUT /admin/apis/{key} (admin spec §7): the body's `key` names the card of
 * the path (admin spec §5: "need key"), and `clear` lists stored keys to erase
 * on purpose (a blank key is kept otherwise). The values themselves are the
 * card's settings schema (validators/settings.ts).
 */
export const apiSettingsEnvelopeValidator = vine.withMetaData<ApiSettingsMeta>().compile(
  vine.object({
    key: vine
      .string()
      .trim()
      .in((field) => [meta(field).key]),
    clear: vine
      .array(vine.string().in((field) => meta(field).secrets))
      .maxLength(5)
      .distinct()
      .optional(),
  })
)

apiSettingsEnvelopeValidator.messagesProvider = new SimpleMessagesProvider({
  'key.required': 'Key is required',
  'key.string': 'Key is required',
  'key.in': 'The key must match the address',
  'clear.array': 'Keys to clear must be a list of key fields',
  'clear.maxLength': 'Keys to clear must be a list of key fields',
  'clear.distinct': 'Keys to clear must be a list of key fields',
  'clear.*.string': 'Only a key field of this card can be cleared',
  'clear.*.in': 'Only a key field of this card can be cleared',
})
