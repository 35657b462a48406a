import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { decimalText, idRule, oneMessage, shortText } from '#validators/rules'

/** Fields of the order dialog that may arrive as JSON numbers (turned into text first, never floats). */
export const TRADE_DECIMAL_FIELDS = ['openRate', 'closeRate', 'spread', 'profit', 'loss']

/** A rate as orders store it: up to 9 integer digits and 8 decimals (exact on SQLite too). */
const rateRule = () => decimalText(9, 8)

/**
 * The datetime-local value of the dialog (admin spec §9: cut to the minute),
 * read as UTC like every back-office date; seconds are accepted and dropped.
 */
export const OPEN_TIME_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/

/** PUT /admin/trades/:id (admin spec §3 edit payload): openRate, closeRate, spread, profit, loss, openTime, and force, all optional. */
export const updateTradeValidator = vine.compile(
  vine.object({
    openRate: rateRule().optional(),
    closeRate: rateRule().optional(),
    spread: rateRule().optional(),
    profit: rateRule().nullable().optional(),
    loss: rateRule().nullable().optional(),
    openTime: vine.string().trim().regex(OPEN_TIME_FORMAT).optional(),
    // Confirms a rate far from the current quote (issue 21 item 2); only a real JSON boolean.
    force: vine.boolean({ strict: true }).optional(),
  })
)
updateTradeValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('openRate', 'Open rate must be a rate such as 1.08652'),
  ...oneMessage('closeRate', 'Close rate must be a rate such as 1.08652'),
  ...oneMessage('spread', 'Spread must be a number of at least 0 such as 0.5'),
  ...oneMessage('profit', 'Take profit must be a rate such as 1.08652'),
  ...oneMessage('loss', 'Stop loss must be a rate such as 1.08652'),
  ...oneMessage('openTime', 'Open time must be a date and time such as 2025-03-07T16:05'),
  'force.boolean': 'Force must be true or false',
})

/** POST /admin/trades/close (admin spec §7): orderId and instrument. */
export const closeTradeValidator = vine.compile(
  vine.object({
    orderId: idRule(),
    instrument: shortText(40).optional(),
  })
)
closeTradeValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('orderId', 'Order is invalid'),
  'orderId.required': 'Order is required',
  ...oneMessage('instrument', 'Instrument is invalid'),
})
