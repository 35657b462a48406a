import type Deposit from '#models/deposit'
import { toFixedString } from '#domain/money'
import { formatAdminDate, formatTableDate } from '#domain/date_format'
import { parseBankDescription } from '#domain/withdrawals'

/** Fields both histories show (customer spec §3 Deposit, admin spec §7 Deposit and withdraw). */
function common(d: Deposit) {
  return {
    id: d.id,
    amount: toFixedString(d.amount),
    fee: toFixedString(d.fee),
    total: toFixedString(d.total),
    gateway: d.gateway,
    status: d.status,
    currency: d.balance?.currency ?? null,
  }
}

/** A row of the customer's deposit History tab (YYYY-MM-DD h:mm A dates). */
export function customerDepositRow(d: Deposit) {
  return {
    ...common(d),
    createdAt: formatTableDate(d.createdAt),
    // Customer spec §2 Deposit history: 'Deposit request' for the bank gateway.
    description: d.gateway === 'bank' ? 'Deposit request' : (d.description ?? ''),
    /** The wallet's balance once credited; null while pending or when declined. */
    balanceAfter: d.balanceAfter === null ? null : toFixedString(d.balanceAfter),
  }
}

/** A row of the back-office Deposit History (DD/MM/YYYY h:mm A dates). */
export function staffDepositRow(d: Deposit) {
  const sender = d.gateway === 'bank' ? parseBankDescription(d.description) : null
  return {
    ...common(d),
    createdAt: formatAdminDate(d.createdAt),
    user: { id: d.userId, email: d.user?.email ?? '' },
    description: sender ? 'Deposit request' : (d.description ?? ''),
    /** A bank deposit's sender account (admin spec §4); null for other gateways or before it is sent. */
    formattedDescription: sender,
    proofUrl: d.proofPath ? `/deposits/${d.id}/proof` : null,
    reference: d.providerReference ?? d.txRef,
    decidedBy: d.decidedBy ? { id: d.decidedBy.id, email: d.decidedBy.email } : null,
    decidedAt: formatAdminDate(d.decidedAt),
  }
}

export type CustomerDepositRow = ReturnType<typeof customerDepositRow>
export type StaffDepositRow = ReturnType<typeof staffDepositRow>
