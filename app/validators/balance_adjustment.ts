import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { decimalText, oneMessage, shortText } from '#validators/rules'

export const BALANCE_DECIMAL_FIELDS = ['amount']

/** PUT /admin/balance/:balanceId (admin spec §3 Balance adjustment, §7): amount, type add|subtract, optional comment. */
export const balanceAdjustmentValidator = vine.compile(
  vine.object({
    // Whole cents, up to 11 integer digits (exact on SQLite too).
    amount: decimalText(11, 2),
    type: vine.enum(['add', 'subtract'] as const),
    comment: shortText(500).nullable().optional(),
  })
)
balanceAdjustmentValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('amount', 'Amount must be a positive number with at most 2 decimals'),
  'amount.required': 'Amount is required',
  ...oneMessage('type', 'Type must be add or subtract'),
  'type.required': 'Type is required',
  ...oneMessage('comment', 'Comment must be at most 500 characters'),
})
