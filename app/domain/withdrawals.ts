import { money, roundCurrency, type Money, type MoneyInput } from './money.js'
import { isDecimalString } from './decimal_strings.js'

/** Withdrawal methods the customer app offers (customer spec §2 Withdraws: bank transfer). */
export const WITHDRAW_GATEWAYS = ['bank'] as const
export type WithdrawGateway = (typeof WITHDRAW_GATEWAYS)[number]

/** Withdraw Settings (admin spec §3): a fee in percent of the amount plus a fixed fee; defaults 0. */
export interface WithdrawFees {
  feePercentage: string
  feeFixed: string
}

export const NO_WITHDRAW_FEES: WithdrawFees = { feePercentage: '0', feeFixed: '0' }

/** Largest fee percentage the settings accept. */
export const MAX_FEE_PERCENTAGE = 100

/**
 * The stored `withdrawSettings` row (value1 percent, value2 fixed) as fees;
 * a missing or unreadable value counts as 0, the spec's default.
 */
export function parseWithdrawFees(
  row: { value1?: string | null; value2?: string | null } | undefined
): WithdrawFees {
  const read = (v: string | null | undefined) =>
    isDecimalString(v) ? money(v.trim()).toFixed() : '0'
  return { feePercentage: read(row?.value1), feeFixed: read(row?.value2) }
}

export interface WithdrawTotals {
  amount: Money
  fee: Money
  total: Money
}

/**
 * Customer spec §9: fee = percentage ÷ 100 × amount + fixed; total = amount +
 * fee; 2 decimals. The fee is rounded half-up to the cent, so the figures the
 * form previews are the ones the wallet is charged.
 */
export function withdrawTotals(amount: MoneyInput, fees: WithdrawFees): WithdrawTotals {
  const value = money(amount)
  const fee = roundCurrency(
    money(fees.feePercentage).dividedBy(100).times(value).plus(money(fees.feeFixed))
  )
  return { amount: value, fee, total: value.plus(fee) }
}

/** The bank account a withdrawal is paid to (customer spec §3 formattedDescription). */
export interface BankDetails {
  bankName: string
  accountName: string
  accountNumber: string
  swiftCode: string
  bankCountry: string
}

const BANK_FIELDS: (keyof BankDetails)[] = [
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'bankCountry',
]

/** A bank withdrawal's description column: its bank details as JSON text. */
export function bankDescription(details: BankDetails): string {
  return JSON.stringify(Object.fromEntries(BANK_FIELDS.map((k) => [k, details[k]])))
}

/** The bank details back from a description; null for anything else (the spec: "JSON text or a formatted object"). */
export function parseBankDescription(text: string | null | undefined): BankDetails | null {
  if (!text) return null
  try {
    const value = JSON.parse(text)
    if (!value || typeof value !== 'object') return null
    if (!BANK_FIELDS.every((k) => typeof value[k] === 'string')) return null
    return Object.fromEntries(BANK_FIELDS.map((k) => [k, value[k]])) as unknown as BankDetails
  } catch {
    return null
  }
}

/**
 * What a withdrawal may take from a wallet: the free balance (balance −
 * margin − on hold), less any open loss. Open profit is not cash yet, so it
 * does not raise the figure; an open loss lowers it, as it lowers free margin
 * (customer spec §9: free margin = balance − margin + P/L).
 */
export function withdrawableAmount(wallet: {
  balance: MoneyInput
  margin: MoneyInput
  onHold: MoneyInput
  openProfitLoss?: MoneyInput
}): Money {
  const free = money(wallet.balance).minus(money(wallet.margin)).minus(money(wallet.onHold))
  const pl = money(wallet.openProfitLoss ?? 0)
  return pl.isNegative() ? free.plus(pl) : free
}
