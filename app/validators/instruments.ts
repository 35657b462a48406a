import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { CATEGORIES, INSTRUMENT_LIMITS, MAX_EXPOSURE_LIMIT, MAX_SWAP } from '#domain/instruments'
import { MAX_LEVERAGE } from '#domain/pricing_plans'
import { SQLITE_EXACT_DIGITS, money, significantDigits } from '#domain/money'
import {
  decimalRange,
  decimalText,
  oneMessage,
  requiredText,
  shortText,
  signedDecimalText,
  wholeNumberRule,
} from '#validators/rules'

/** Fields of the instrument payload that may arrive as JSON numbers (turned into text, never computed as floats). */
export const INSTRUMENT_DECIMAL_FIELDS = [
  'bids',
  'asks',
  'swap',
  'swapLong',
  'swapShort',
  'exposureLimit',
]

/** A price above zero whose digits every database keeps exactly (at most 15 significant digits). */
const storablePrice = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (!money(value).greaterThan(0) || significantDigits(value) > SQLITE_EXACT_DIGITS) {
      field.report('The {{ field }} field is not a price', 'price', field)
    }
  }
)

const price = () => decimalText(9, 8).use(storablePrice()).nullable().optional()

/** A swap rate in annual percent, either sign (bounded like the spec's `swap`). */
const swapRate = () =>
  signedDecimalText(3, 4)
    .use(decimalRange({ min: String(-MAX_SWAP), max: String(MAX_SWAP) }))
    .nullable()
    .optional()

/*
 * Admin spec §5: name, base, quote, category, tradingview, leverage (a
 * number) and tradable (a boolean) are required; bids, asks and alias are
 * optional and nullable; swap is a percent, default 0 (§3, §9). Ours: the
 * name is a symbol (EUR_USD, AAPL, BRK.B: it names the instrument in URLs
 * and in every order), the quote a currency code (orders convert through
 * it), leverage 0 (none: the plan's or 1) to MAX_LEVERAGE, prices above 0.
 */
export const instrumentValidator = vine.compile(
  vine.object({
    name: requiredText(INSTRUMENT_LIMITS.name)
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9._-]*$/),
    base: requiredText(INSTRUMENT_LIMITS.base)
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9.]*$/),
    quote: requiredText(20)
      .toUpperCase()
      .regex(/^[A-Z]{3,6}$/),
    category: vine.enum(CATEGORIES),
    bids: price(),
    asks: price(),
    tradingview: requiredText(INSTRUMENT_LIMITS.tradingview)
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9._-]*$/),
    alias: shortText(INSTRUMENT_LIMITS.alias).nullable().optional(),
    leverage: wholeNumberRule(0, MAX_LEVERAGE),
    tradable: vine.boolean({ strict: true }),
    swap: swapRate(),
    // Issue 24: per-side swap rates (empty: `swap` charged both ways) and the net exposure cap (empty: none).
    swapLong: swapRate(),
    swapShort: swapRate(),
    exposureLimit: decimalText(13, 2)
      .use(decimalRange({ min: '0', max: MAX_EXPOSURE_LIMIT, aboveMin: true }))
      .nullable()
      .optional(),
  })
)

instrumentValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('name', 'Name is required'),
  'name.maxLength': `Name must be at most ${INSTRUMENT_LIMITS.name} characters`,
  'name.regex': 'Name may hold only letters, digits, dots, dashes and underscores, such as EUR_USD',
  ...oneMessage('base', 'Base is required'),
  'base.maxLength': `Base must be at most ${INSTRUMENT_LIMITS.base} characters`,
  'base.regex': 'Base may hold only letters, digits and dots, such as EUR',
  ...oneMessage('quote', 'Quote is required'),
  'quote.maxLength': 'Quote must be a currency code such as USD',
  'quote.regex': 'Quote must be a currency code such as USD',
  'category.required': 'Category is required',
  'category.enum': 'Choose a category from the list',
  ...oneMessage('bids', 'Bid must be a price above 0 such as 1.08452', [
    'string',
    'regex',
    'price',
  ]),
  ...oneMessage('asks', 'Ask must be a price above 0 such as 1.08460', [
    'string',
    'regex',
    'price',
  ]),
  ...oneMessage('tradingview', 'Chart provider is required'),
  'tradingview.maxLength': `Chart provider must be at most ${INSTRUMENT_LIMITS.tradingview} characters`,
  'tradingview.regex':
    'Chart provider may hold only letters, digits, dots, dashes and underscores, such as OANDA',
  'alias.string': 'Alias must be text',
  'alias.maxLength': `Alias must be at most ${INSTRUMENT_LIMITS.alias} characters`,
  'leverage.required': 'Leverage is required',
  'leverage.wholeNumber': `Leverage must be a whole number from 0 to ${MAX_LEVERAGE}`,
  'tradable.required': 'Tradable is required',
  'tradable.boolean': 'Tradable must be on or off',
  ...oneMessage(
    'swap',
    `Swap must be a percentage from -${MAX_SWAP} to ${MAX_SWAP} with at most 4 decimals`,
    ['string', 'regex', 'decimalRange']
  ),
  ...oneMessage(
    'swapLong',
    `Swap long must be a percentage from -${MAX_SWAP} to ${MAX_SWAP} with at most 4 decimals`,
    ['string', 'regex', 'decimalRange']
  ),
  ...oneMessage(
    'swapShort',
    `Swap short must be a percentage from -${MAX_SWAP} to ${MAX_SWAP} with at most 4 decimals`,
    ['string', 'regex', 'decimalRange']
  ),
  ...oneMessage(
    'exposureLimit',
    'Exposure limit must be an amount in USD above 0 with at most 2 decimals, or empty for none',
    ['string', 'regex', 'decimalRange', 'exactDigits']
  ),
})

export type InstrumentPayload = Awaited<ReturnType<typeof instrumentValidator.validate>>
