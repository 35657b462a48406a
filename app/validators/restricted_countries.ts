import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { RESTRICTED_COUNTRY_NOTE_MAX } from '#domain/staff_lists/restricted_countries'
import { countryRule } from '#validators/rules'

/** POST and PUT /admin/restricted-countries: a country of the shipped list and an optional note. */
export const restrictedCountryValidator = vine.compile(
  vine.object({
    country: countryRule(),
    note: vine.string().trim().maxLength(RESTRICTED_COUNTRY_NOTE_MAX).nullable().optional(),
  })
)
restrictedCountryValidator.messagesProvider = new SimpleMessagesProvider({
  'country.required': 'Country is required',
  'country.enum': 'Choose a country from the list',
  'country.string': 'Choose a country from the list',
  'note.string': 'Note must be a text',
  'note.maxLength': `Note must be at most ${RESTRICTED_COUNTRY_NOTE_MAX} characters`,
})
