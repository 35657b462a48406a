import type Withdrawal from '#models/withdrawal'
import { toFixedString } from '#domain/money'
import { formatAdminDate, formatTableDate } from '#domain/date_format'
import { parseBankDescription } from '#domain/withdrawals'

/** Fields both histories show (customer spec §3 Withdrawal history row, admin spec §3 Deposit and withdraw). */
function common(w: Withdrawal) {
  return {
    id: w.id,
    amount: toFixedString(w.amount),
    fee: toFixedString(w.fee),
    total: toFixedString(w.total),
    gateway: w.gateway,
    /** The bank details for a bank withdrawal; null for any other description. */
    formattedDescription: parseBankDescription(w.description),
    description: w.gateway === 'bank' ? 'Withdraw request' : (w.description ?? ''),
    status: w.status,
    declineReason: w.declineReason,
    currency: w.balance?.currency ?? null,
  }
}

/** A row of the customer's History tab (YYYY-MM-DD h:mm A dates). */
export function customerWithdrawalRow(w: Withdrawal) {
  return {
    ...common(w),
    createdAt: formatTableDate(w.createdAt),
    /** The wallet's balance once the withdrawal was paid; null while pending or when declined. */
    balanceAfter: w.balanceAfter === null ? null : toFixedString(w.balanceAfter),
  }
}

/** A row of the back-office withdraw lists (DD/MM/YYYY h:mm A dates). */
export function staffWithdrawalRow(w: Withdrawal) {
  return {
    ...common(w),
    createdAt: formatAdminDate(w.createdAt),
    user: { id: w.userId, email: w.user?.email ?? '' },
    decidedBy: w.decidedBy ? { id: w.decidedBy.id, email: w.decidedBy.email } : null,
    decidedAt: formatAdminDate(w.decidedAt),
  }
}

export type CustomerWithdrawalRow = ReturnType<typeof customerWithdrawalRow>
export type StaffWithdrawalRow = ReturnType<typeof staffWithdrawalRow>
