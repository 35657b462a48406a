import { money, type MoneyInput } from './money.js'

/**
 * Reconciliation of the books (issue 24 item 6): what each check compares and
 * how a difference reads. Pure; app/actions/ledger/reconcile_books.ts runs the
 * set-based queries.
 */

export type ReconciliationKind = 'rollover' | 'manual'

export const RECONCILIATION_CHECKS = [
  'balance',
  'margin',
  'negative_balance',
  'balance_after',
  'audit_chain',
] as const
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number]

/** What each check expects, in words (the command prints it with each difference). */
export const CHECK_TEXT: Record<ReconciliationCheck, string> = {
  balance: 'balance = sum of the ledger entries',
  margin: 'used margin = sum of the margin of open positions',
  negative_balance: 'no negative balance',
  balance_after: "balance = the latest ledger entry's balance after",
  audit_chain: 'the audit log hash chain is intact',
}

export interface Difference {
  check: ReconciliationCheck
  /** The wallet (null for the audit chain). */
  walletId: number | null
  userId: number | null
  currency: string | null
  expected: string
  found: string
}

/** Most differences kept on the stored row (the command prints them all). */
export const STORED_DIFFERENCES = 1000

/** "Wallet #12 (user #7, USD): balance = sum of the ledger entries: expected 100.00, found 101.00" */
export function differenceText(d: Difference): string {
  const who =
    d.walletId === null ? 'Audit log' : `Wallet #${d.walletId} (user #${d.userId}, ${d.currency})`
  return `${who}: ${CHECK_TEXT[d.check]}: expected ${d.expected}, found ${d.found}`
}

/** A stored value as a difference shows it: at least cents, float noise (SQLite) gone, never rounded away. */
export function shownAmount(value: MoneyInput | null | undefined): string {
  const exact = money(value ?? 0).toDecimalPlaces(8)
  return exact.decimalPlaces() <= 2 ? exact.toFixed(2) : exact.toFixed()
}

export interface ReconciliationSummary {
  kind: ReconciliationKind
  rolloverDate: string | null
  wallets: number
  differences: number
  /** ISO time the run finished. */
  finishedAt: string | null
}

/**
 * The admin dashboard's line: its English template and values (the page
 * translates it) and its tone: success when the books balance, warning when
 * they differ, neutral before any run.
 */
export function reconciliationLine(last: ReconciliationSummary | null): {
  tone: 'success' | 'warning' | 'neutral'
  text: string
  values: Record<string, string>
} {
  if (!last) return { tone: 'neutral', text: 'The books have not been reconciled yet', values: {} }
  const balanced = last.differences === 0
  const values = {
    wallets: last.wallets.toLocaleString('en-US'),
    differences: last.differences.toLocaleString('en-US'),
    time: (last.finishedAt ?? '').replace('T', ' ').slice(0, 16) + ' UTC',
  }
  const when = last.kind === 'rollover' ? '17:00 New York' : '{time}'
  const text = balanced
    ? `Books balanced at ${when}: {wallets} wallets, {differences} differences`
    : `Books differ at ${when}: {wallets} wallets, {differences} differences`
  return { tone: balanced ? 'success' : 'warning', text, values }
}
