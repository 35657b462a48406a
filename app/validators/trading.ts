import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { decimalText, idRule, oneMessage, requiredText, shortText } from '#validators/rules'
import { CANDLE_INTERVALS } from '#domain/candles'
import { MAX_CANDLES } from '#queries/candles'
import { PENDING_EXPIRIES } from '#domain/pending_orders'
import { expiresAtRule, PENDING_FIELD_MESSAGES } from '#validators/pending_orders'

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

export const AMOUNT_FORMAT_MESSAGE = 'Amount must be a positive number with at most 6 decimals'

/** Units: up to 9 integer digits and 6 decimals, so every stored figure stays exact on SQLite too. */
const amountRule = () => decimalText(9, 6)
/** A take-profit or stop-loss rate. */
const rateRule = () => decimalText(9, 8)
const TARGET_MESSAGES = {
  ...oneMessage('profit', 'Take profit must be a rate such as 1.08652'),
  ...oneMessage('loss', 'Stop loss must be a rate such as 1.08652'),
}

export const placeOrderValidator = vine.compile(
  vine.object({
    type: vine.enum(['buy', 'sell'] as const),
    instrument: requiredText(40),
    amount: amountRule(),
    profit: rateRule().nullable().optional(),
    loss: rateRule().nullable().optional(),
    // Pending orders (issue 23): market (the default) opens now; limit and stop wait for `price`.
    execution: vine.enum(['market', 'limit', 'stop'] as const).optional(),
    price: rateRule().optional().requiredWhen('execution', 'in', ['limit', 'stop']),
    expiry: vine.enum(PENDING_EXPIRIES).optional(),
    expiresAt: expiresAtRule().nullable().optional(),
  })
)
placeOrderValidator.messagesProvider = new SimpleMessagesProvider({
  ...PENDING_FIELD_MESSAGES,
  ...oneMessage('type', 'Order type must be buy or sell'),
  'type.required': 'Order type is required',
  ...oneMessage('instrument', 'Instrument is invalid'),
  'instrument.required': 'Instrument is required',
  'instrument.minLength': 'Instrument is required',
  ...oneMessage('amount', 'Amount must be a positive number with at most 6 decimals'),
  'amount.required': 'Amount is required',
  ...TARGET_MESSAGES,
})

export const closeOrderValidator = vine.compile(
  vine.object({
    orderId: idRule(),
    instrument: shortText(40).optional(),
    /**
     * Units to close (issue 23 item 3); absent closes the whole position. VineJS reads null (and
     * blank, which the body parser turns into null) as absent: the controller refuses those.
     */
    amount: amountRule().optional(),
  })
)
closeOrderValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('orderId', 'Order is invalid'),
  'orderId.required': 'Order is required',
  ...oneMessage('instrument', 'Instrument is invalid'),
  ...oneMessage('amount', AMOUNT_FORMAT_MESSAGE),
})

export const orderTargetsValidator = vine.compile(
  vine.object({
    profit: rateRule().nullable().optional(),
    loss: rateRule().nullable().optional(),
    /** Trailing-stop distance: price units, or pips when the site shows pips (issue 23 item 2). */
    trailing: decimalText(9, 8).nullable().optional(),
  })
)
orderTargetsValidator.messagesProvider = new SimpleMessagesProvider({
  ...TARGET_MESSAGES,
  ...oneMessage('trailing', 'Trailing distance must be a positive number such as 0.0015 or 15'),
})
