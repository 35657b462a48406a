import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import {
  MAX_LEVERAGE,
  MAX_PLAN_PRICE_DIGITS,
  MAX_STOP_OUT,
  PLAN_LIMITS,
  STOPOUT_FIELDS,
} from '#domain/pricing_plans'
import {
  decimalRange,
  decimalText,
  idRule,
  oneMessage,
  requiredText,
  shortText,
  wholeNumberRule,
} from '#validators/rules'

/** Fields of the plan payload that may arrive as JSON numbers (turned into text, never computed as floats). */
export const PLAN_DECIMAL_FIELDS = ['price', ...STOPOUT_FIELDS]

const leverage = () => wholeNumberRule(1, MAX_LEVERAGE).nullable().optional()
const stopout = () =>
  decimalText(3, 2)
    .use(decimalRange({ min: '0', max: String(MAX_STOP_OUT), aboveMin: true }))
    .nullable()
    .optional()

/*
 * The spec shows no client rules for plans (admin spec §5); the payload is
 * §3's: name, description, price (default 0), five leverages and five
 * stop-outs, each nullable (absent is null). Ours: a name, a price of 0 or
 * more in whole cents (it is charged through the ledger), leverages 1 to
 * MAX_LEVERAGE, stop-outs above 0 up to 100 %.
 */
export const planValidator = vine.compile(
  vine.object({
    name: requiredText(PLAN_LIMITS.name),
    description: shortText(PLAN_LIMITS.description).nullable().optional(),
    price: decimalText(MAX_PLAN_PRICE_DIGITS, 2).nullable().optional(),
    forexLeverage: leverage(),
    commodityLeverage: leverage(),
    indexLeverage: leverage(),
    stockLeverage: leverage(),
    cryptoLeverage: leverage(),
    forexStopout: stopout(),
    commodityStopout: stopout(),
    indexStopout: stopout(),
    stockStopout: stopout(),
    cryptoStopout: stopout(),
    // Issue 24: its customers pay and earn no swap (absent: off).
    swapFree: vine.boolean({ strict: true }).optional(),
  })
)

const STOPOUT_RULES = ['string', 'regex', 'decimalRange']

planValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('name', `Name must be at most ${PLAN_LIMITS.name} characters`),
  'name.required': 'Name is required',
  'name.minLength': 'Name is required',
  'name.string': 'Name is required',
  ...oneMessage('description', `Description must be at most ${PLAN_LIMITS.description} characters`),
  'description.string': 'Description must be text',
  ...oneMessage('price', 'Price must be 0 or more with at most 2 decimals'),
  'forexLeverage.wholeNumber': `Forex leverage must be a whole number from 1 to ${MAX_LEVERAGE}`,
  'commodityLeverage.wholeNumber': `Commodity leverage must be a whole number from 1 to ${MAX_LEVERAGE}`,
  'indexLeverage.wholeNumber': `Index leverage must be a whole number from 1 to ${MAX_LEVERAGE}`,
  'stockLeverage.wholeNumber': `Stock leverage must be a whole number from 1 to ${MAX_LEVERAGE}`,
  'cryptoLeverage.wholeNumber': `Crypto leverage must be a whole number from 1 to ${MAX_LEVERAGE}`,
  ...oneMessage(
    'forexStopout',
    `Forex stop-out must be a percentage above 0 and at most ${MAX_STOP_OUT}`,
    STOPOUT_RULES
  ),
  ...oneMessage(
    'commodityStopout',
    `Commodity stop-out must be a percentage above 0 and at most ${MAX_STOP_OUT}`,
    STOPOUT_RULES
  ),
  ...oneMessage(
    'indexStopout',
    `Index stop-out must be a percentage above 0 and at most ${MAX_STOP_OUT}`,
    STOPOUT_RULES
  ),
  ...oneMessage(
    'stockStopout',
    `Stock stop-out must be a percentage above 0 and at most ${MAX_STOP_OUT}`,
    STOPOUT_RULES
  ),
  ...oneMessage(
    'cryptoStopout',
    `Crypto stop-out must be a percentage above 0 and at most ${MAX_STOP_OUT}`,
    STOPOUT_RULES
  ),
  'swapFree.boolean': 'Swap-free must be on or off',
})

/** A subscription's body (issue 21 item 8): the wallet the customer's confirmation named, if any. */
export const subscribePlanValidator = vine.compile(vine.object({ walletId: idRule().optional() }))
subscribePlanValidator.messagesProvider = new SimpleMessagesProvider({
  'walletId.number': 'Wallet is required',
  'walletId.withoutDecimals': 'Wallet is required',
  'walletId.min': 'Wallet is required',
  'walletId.max': 'Wallet is required',
})
