import { compareDecimalStrings } from './decimal_strings.js'

/** What the staff gateway form may hold; shared by the server's validator and the form. */
export const GATEWAY_LIMITS = {
  /** The stored name (column `name`, 80 characters). */
  name: 80,
  /** Shown values: client ids, wallet addresses, bank details. */
  text: 255,
  /** Keys and secrets (Stripe's restricted keys run past 100 characters; room to spare). */
  secret: 1000,
} as const

/** The gateway fee column is decimal(8,4): a percent with at most 4 decimals. */
export const GATEWAY_FEE_DECIMALS = 4

/**
 * Why a gateway fee (a percent, as text) is refused, or null when it is one
 * the column keeps exactly: 0 to 100, at most 4 decimals, written plainly.
 * Shared by the server's validator and the staff form.
 */
export function gatewayFeeProblem(value: string): string | null {
  const text = value.trim()
  if (text === '') return 'Fee is required'
  if (!/^\d{1,8}(\.\d+)?$/.test(text)) return 'Fee must be a number from 0 to 100'
  const [, decimals = ''] = text.split('.')
  if (decimals.length > GATEWAY_FEE_DECIMALS)
    return `Fee can have at most ${GATEWAY_FEE_DECIMALS} decimals`
  if (compareDecimalStrings(text, '100') > 0) return 'Fee must be a number from 0 to 100'
  return null
}
