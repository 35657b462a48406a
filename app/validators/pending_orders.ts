import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { decimalText, oneMessage } from '#validators/rules'
import { pagingMessages, pagingRules } from '#validators/statements'
import { LIST_QUERY_MESSAGES, listQueryFields } from '#validators/lists'
import { PENDING_EXPIRIES } from '#domain/pending_orders'

/** A rate as orders store it: up to 9 integer digits and 8 decimals (exact on SQLite too). */
export const pendingRateRule = () => decimalText(9, 8)

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** An ISO 8601 date and time ("2026-12-31T17:00:00Z"; no offset means UTC), as a DateTime. */
const isoMoment = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string' || !field.isValid) return
  const moment = ISO_MOMENT.test(value) ? DateTime.fromISO(value, { zone: 'utc' }) : null
  if (!moment?.isValid || moment.year < 2000 || moment.year > 9999) {
    field.report('The {{ field }} field must be an ISO 8601 date and time', 'isoMoment', field)
  } else field.mutate(moment, field)
})

export const expiresAtRule = () =>
  vine
    .string()
    .trim()
    .maxLength(40)
    .use(isoMoment())
    .transform((value) => value as unknown as DateTime)

export const EXPIRES_AT_MESSAGE = 'Expiry must be a date and time such as 2026-12-31T17:00:00Z'

/** The messages of the pending fields, shared by placing (POST /dashboard/orders) and modifying. */
export const PENDING_FIELD_MESSAGES = {
  ...oneMessage('execution', 'Execution must be market, limit or stop'),
  ...oneMessage('price', 'Price must be a rate such as 1.08652'),
  'price.required': 'Price is required for limit and stop orders',
  'price.requiredWhen': 'Price is required for limit and stop orders',
  ...oneMessage('expiry', 'Expiry must be gtc, day or date'),
  ...oneMessage('expiresAt', EXPIRES_AT_MESSAGE, ['string', 'maxLength', 'isoMoment']),
}

/** PUT /dashboard/pending-orders/:id: price, profit, loss (null clears), expiry, expiresAt. */
export const modifyPendingOrderValidator = vine.compile(
  vine.object({
    price: pendingRateRule().optional(),
    profit: pendingRateRule().nullable().optional(),
    loss: pendingRateRule().nullable().optional(),
    expiry: vine.enum(PENDING_EXPIRIES).optional(),
    expiresAt: expiresAtRule().nullable().optional(),
  })
)
modifyPendingOrderValidator.messagesProvider = new SimpleMessagesProvider({
  ...PENDING_FIELD_MESSAGES,
  ...oneMessage('profit', 'Take profit must be a rate such as 1.08652'),
  ...oneMessage('loss', 'Stop loss must be a rate such as 1.08652'),
})

/** GET /dashboard/pending-orders: status (pending | history), page, limit (customer spec §7 paging). */
export const pendingListValidator = vine.compile(
  vine.object({
    status: vine.enum(['pending', 'history'] as const).optional(),
    ...pagingRules(),
  })
)
pendingListValidator.messagesProvider = new SimpleMessagesProvider({
  ...pagingMessages,
  'status.enum': 'Status must be pending or history',
})

/** GET /admin/trades/api/pending: status (pending | history | all) and the admin list's paging. */
export const staffPendingListValidator = vine.compile(
  vine.object({
    status: vine.enum(['pending', 'history', 'all'] as const).optional(),
    ...listQueryFields(),
  })
)
staffPendingListValidator.messagesProvider = new SimpleMessagesProvider({
  ...LIST_QUERY_MESSAGES,
  'status.enum': 'Status must be pending, history or all',
})
