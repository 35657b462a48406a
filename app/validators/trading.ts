import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { idRule } from '#validators/rules'

export const ratesValidator = vine.compile(
  vine.object({
    quote: vine
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3,6}$/),
  })
)
ratesValidator.messagesProvider = new SimpleMessagesProvider({
  'quote.required': 'Quote currency is required',
  'quote.regex': 'Quote currency is invalid',
})

export const favoriteValidator = vine.compile(vine.object({ id: idRule() }))
favoriteValidator.messagesProvider = new SimpleMessagesProvider(
  Object.fromEntries(
    ['required', 'number', 'withoutDecimals', 'min', 'max'].map((rule) => [
      `id.${rule}`,
      'Instrument is required',
    ])
  )
)
