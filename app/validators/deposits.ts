import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { KYC_MAX_FILE_MB } from '#domain/kyc'
import { decimalText, idRule, oneMessage, requiredText } from '#validators/rules'
import { BANK_ACCOUNT_MESSAGES, bankAccountRules } from '#validators/withdrawals'
import { documentFile } from '#validators/kyc'
import {
  dayRangeMessages,
  dayRangeRules,
  pagingMessages,
  pagingRules,
} from '#validators/statements'

/** Fields of the deposit payload that may arrive as JSON numbers. */
export const DEPOSIT_DECIMAL_FIELDS = ['amount']

/** POST /deposits (customer spec §3 Deposit payload, §5 messages). */
export const depositValidator = vine.compile(
  vine.object({
    balance_id: idRule(),
    gateway: requiredText(32),
    // Whole cents, up to 11 integer digits (exact on SQLite too).
    amount: decimalText(11, 2),
  })
)
depositValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('balance_id', 'Wallet is required'),
  ...oneMessage('gateway', 'Gateway is required'),
  ...oneMessage('amount', 'Amount must be a positive number with at most 2 decimals'),
  'amount.required': 'Amount is required',
})

/** PUT /deposits/bank/{id} (customer spec §3 Bank deposit submission, §5 messages); the proof is checked by content. */
export const bankTransferValidator = vine.compile(
  vine.object({ ...bankAccountRules(), proof: documentFile() })
)
bankTransferValidator.messagesProvider = new SimpleMessagesProvider({
  ...BANK_ACCOUNT_MESSAGES,
  'proof.required': 'Proof is required',
  'proof.file': 'Proof must be a file',
  'proof.file.size': `Proof must be at most ${KYC_MAX_FILE_MB} MB`,
  'proof.file.extname': 'Proof must be a JPEG, PNG or WebP image or a PDF',
  'proof.documentContent': 'Proof must be a JPEG, PNG or WebP image or a PDF',
})

/** GET /deposits/history: page, limit, startDate, endDate (the filter modal's names). */
export const depositHistoryValidator = vine.compile(
  vine.object({ ...pagingRules(), ...dayRangeRules('startDate', 'endDate') })
)
depositHistoryValidator.messagesProvider = new SimpleMessagesProvider({
  ...pagingMessages,
  ...dayRangeMessages('startDate', 'endDate'),
})
