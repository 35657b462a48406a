import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { idRule } from '#validators/rules'
import { CANDLE_INTERVALS } from '#domain/candles'
import { MAX_CANDLES } from '#queries/candles'

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

export const candlesValidator = vine.compile(
  vine.object({
    interval: vine.enum(CANDLE_INTERVALS).optional(),
    limit: vine.number().withoutDecimals().min(1).max(MAX_CANDLES).optional(),
  })
)
candlesValidator.messagesProvider = new SimpleMessagesProvider({
  'interval.enum': 'Interval must be 1m or 1d',
  'limit.number': `Limit must be a whole number from 1 to ${MAX_CANDLES}`,
  'limit.withoutDecimals': `Limit must be a whole number from 1 to ${MAX_CANDLES}`,
  'limit.min': `Limit must be a whole number from 1 to ${MAX_CANDLES}`,
  'limit.max': `Limit must be a whole number from 1 to ${MAX_CANDLES}`,
})
