import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { countryRule, decimalText, idRule, oneMessage, requiredText } from '#validators/rules'
import { MAX_HISTORY_LIMIT, MAX_HISTORY_PAGE } from '#validators/statements'
import { MAX_FEE_PERCENTAGE } from '#domain/withdrawals'
import { money } from '#domain/money'

/** Drops the spaces people type inside codes ("DEUT DE FF" → "DEUTDEFF"). */
const withoutSpaces = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (field.isValid && typeof value === 'string') field.mutate(value.replace(/\s+/g, ''), field)
  }
)

/** A bank account's name, holder and number, as the withdraw and bank deposit forms take them. */
export const bankAccountRules = () => ({
  bank_name: requiredText(120),
  account_name: requiredText(160),
  account_number: requiredText(64).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/),
})

/** Customer spec §5: 'Bank name is required', 'Account number is required', 'Account name is required'. */
export const BANK_ACCOUNT_MESSAGES = {
  ...oneMessage('bank_name', 'Bank name must be at most 120 characters'),
  'bank_name.required': 'Bank name is required',
  'bank_name.minLength': 'Bank name is required',
  'bank_name.string': 'Bank name is required',
  ...oneMessage('account_name', 'Account name must be at most 160 characters'),
  'account_name.required': 'Account name is required',
  'account_name.minLength': 'Account name is required',
  'account_name.string': 'Account name is required',
  ...oneMessage(
    'account_number',
    'Account number may hold only letters, digits, spaces and dashes'
  ),
  'account_number.required': 'Account number is required',
  'account_number.minLength': 'Account number is required',
  'account_number.string': 'Account number is required',
  'account_number.maxLength': 'Account number must be at most 64 characters',
}

/** Fields of the withdraw payload and the settings form that may arrive as JSON numbers. */
export const WITHDRAW_DECIMAL_FIELDS = ['amount']
export const WITHDRAW_SETTINGS_DECIMAL_FIELDS = ['feePercentage', 'feeFixed']

const AMOUNT_MESSAGE = 'Amount must be a positive number with at most 2 decimals'

/**
 * POST /withdraws/bank (customer spec §3 Withdraw payload, §5 messages). The
 * amount must also be above zero; the action checks that with the wallet.
 */
export const withdrawValidator = vine.compile(
  vine.object({
    balance_id: idRule(),
    // Whole cents, up to 11 integer digits (exact on SQLite too).
    amount: decimalText(11, 2),
    ...bankAccountRules(),
    // BIC: 4 letters bank, 2 letters country, 2 location, optional 3 branch (ISO 9362).
    swift_code: requiredText(20)
      .use(withoutSpaces())
      .toUpperCase()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
    bank_country: countryRule(),
  })
)
withdrawValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('balance_id', 'Wallet is required'),
  ...oneMessage('amount', AMOUNT_MESSAGE),
  'amount.required': 'Amount is required',
  ...BANK_ACCOUNT_MESSAGES,
  ...oneMessage('swift_code', 'Swift code must be 8 or 11 letters and digits'),
  'swift_code.required': 'Swift code is required',
  'swift_code.minLength': 'Swift code is required',
  'swift_code.string': 'Swift code is required',
  'bank_country.required': 'Bank country is required',
  'bank_country.enum': 'Choose a country from the list',
})

/** POST /admin/withdraws/:id/decline: the reason the customer will read. */
export const declineWithdrawalValidator = vine.compile(
  vine.object({ declineReason: requiredText(500) })
)
declineWithdrawalValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('declineReason', 'Decline reason must be at most 500 characters'),
  'declineReason.required': 'Decline reason is required',
  'declineReason.minLength': 'Decline reason is required',
  'declineReason.string': 'Decline reason is required',
})

/**
 * A non-negative decimal of limited size: at most `maxIntegerDigits` and
 * `maxDecimals`, and not above `max`. Reported as `feeRange`, so the odd
 * 'required' messages of the spec stay for missing or non-numeric values.
 */
const feeRange = vine.createRule(
  (
    value: unknown,
    options: { maxIntegerDigits: number; maxDecimals: number; max?: number },
    field: FieldContext
  ) => {
    if (typeof value !== 'string') return
    const [int, frac = ''] = value.split('.')
    const ok =
      !value.startsWith('-') &&
      int.length <= options.maxIntegerDigits &&
      frac.length <= options.maxDecimals &&
      (options.max === undefined || money(value).lessThanOrEqualTo(options.max))
    if (!ok) field.report('The {{ field }} field is out of range', 'feeRange', field)
  }
)

const NUMBER = /^-?\d+(\.\d+)?$/

/**
 * POST /admin/withdraws/settings: feePercentage and feeFixed, numbers,
 * required (admin spec §5). A missing or non-numeric value gets the spec's
 * own (odd) messages, 'Forex spread is required' and 'Commodity spread is
 * required'; a number out of range gets a plain one.
 */
export const withdrawSettingsValidator = vine.compile(
  vine.object({
    feePercentage: vine
      .string()
      .trim()
      .regex(NUMBER)
      .use(feeRange({ maxIntegerDigits: 3, maxDecimals: 4, max: MAX_FEE_PERCENTAGE })),
    feeFixed: vine
      .string()
      .trim()
      .regex(NUMBER)
      .use(feeRange({ maxIntegerDigits: 9, maxDecimals: 2 })),
  })
)
withdrawSettingsValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('feePercentage', 'Forex spread is required', ['required', 'string', 'regex']),
  ...oneMessage('feeFixed', 'Commodity spread is required', ['required', 'string', 'regex']),
  'feePercentage.feeRange': `Fee (%) must be from 0 to ${MAX_FEE_PERCENTAGE} with at most 4 decimals`,
  'feeFixed.feeRange': 'Fee (Fixed) must be 0 or more with at most 2 decimals',
})

/** GET /withdraws/history: page, limit (customer spec §7). */
export const withdrawHistoryValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).max(MAX_HISTORY_PAGE).optional(),
    limit: vine.number().withoutDecimals().min(1).max(MAX_HISTORY_LIMIT).optional(),
  })
)
withdrawHistoryValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('page', 'Page must be a whole number of at least 1', [
    'number',
    'withoutDecimals',
    'min',
  ]),
  'page.max': `Page must be at most ${MAX_HISTORY_PAGE}`,
  ...oneMessage('limit', `Limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`, [
    'number',
    'withoutDecimals',
    'min',
    'max',
  ]),
})
