import { createHash } from 'node:crypto'
import { secureEqual } from '#services/payments/signatures/secure_compare'

/** The STATUS_URL fields V2_HASH covers, values exactly as Perfect Money posted them. */
export interface PerfectMoneyHashedFields {
  PAYMENT_ID: string
  PAYEE_ACCOUNT: string
  PAYMENT_AMOUNT: string
  PAYMENT_UNITS: string
  PAYMENT_BATCH_NUM: string
  PAYER_ACCOUNT: string
  TIMESTAMPGMT: string
}

const upperMd5 = (text: string) =>
  createHash('md5').update(text, 'utf8').digest('hex').toUpperCase()

/**
 * Perfect Money SCI V2_HASH: UPPER(hex MD5) of PAYMENT_ID:PAYEE_ACCOUNT:
 * PAYMENT_AMOUNT:PAYMENT_UNITS:PAYMENT_BATCH_NUM:PAYER_ACCOUNT:
 * UPPER(hex MD5(alternate passphrase)):TIMESTAMPGMT. The passphrase enters
 * only through its hash, as in Perfect Money's own sample.
 */
export function perfectMoneyV2Hash(
  fields: PerfectMoneyHashedFields,
  alternatePassphrase: string
): string {
  return upperMd5(
    [
      fields.PAYMENT_ID,
      fields.PAYEE_ACCOUNT,
      fields.PAYMENT_AMOUNT,
      fields.PAYMENT_UNITS,
      fields.PAYMENT_BATCH_NUM,
      fields.PAYER_ACCOUNT,
      upperMd5(alternatePassphrase),
      fields.TIMESTAMPGMT,
    ].join(':')
  )
}

/** Whether a posted V2_HASH matches the recipe (hex compared case-insensitively, in constant time). */
export function perfectMoneyHashMatches(
  received: string | null | undefined,
  fields: PerfectMoneyHashedFields,
  alternatePassphrase: string
): boolean {
  if (!received) return false
  return secureEqual(received.trim().toUpperCase(), perfectMoneyV2Hash(fields, alternatePassphrase))
}
