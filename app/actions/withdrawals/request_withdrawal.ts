import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import Withdrawal from '#models/withdrawal'
import type User from '#models/user'
import { holdFunds } from '#services/ledger_service'
import { openPositionsAtMarket } from '#queries/open_positions'
import { withdrawFees } from '#queries/withdrawals'
import { accountMetrics } from '#domain/account_metrics'
import { money, toDbDecimal } from '#domain/money'
import {
  bankDescription,
  withdrawableAmount,
  withdrawTotals,
  type BankDetails,
} from '#domain/withdrawals'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { ownRealWallet, requireKycWhen, requirePositive } from '#services/money_movement_checks'

export const KYC_WITHDRAW_MESSAGE = 'Please verify KYC to enable withdraw'
export const WITHDRAW_NOT_ENOUGH = 'Not enough free balance for this withdrawal and its fee'

export interface RequestWithdrawalInput {
  user: User
  balanceId: number
  /** A decimal string of whole cents. */
  amount: string
  bank: BankDetails
}

/**
 * A customer's bank withdrawal request (customer spec §2 Withdraws): the fee
 * of Withdraw Settings is added (§9), and amount + fee is put on hold on the
 * real wallet in the same transaction that records the request, so it can be
 * neither traded nor withdrawn twice. Refused when the wallet's free balance
 * (less any open loss) cannot cover it, or when `kycWithdraw` is on and the
 * customer's KYC is not approved. Nothing leaves the balance until approval.
 */
export async function requestWithdrawal(input: RequestWithdrawalInput): Promise<Withdrawal> {
  const { user } = input
  const wallet = await ownRealWallet(
    user.id,
    input.balanceId,
    'Withdrawals are made from a real wallet'
  )
  await requireKycWhen('kycWithdraw', user.id, KYC_WITHDRAW_MESSAGE)
  requirePositive(money(input.amount))
  // The form shows the account name read-only: withdrawals are paid to the customer's own account.
  if (normalizeName(input.bank.accountName) !== normalizeName(user.fullName)) {
    throw new UserFacingException('The account must be in your own name', { field: 'account_name' })
  }

  const { amount, fee, total } = withdrawTotals(input.amount, await withdrawFees())
  const withdrawal = await db.transaction(async (trx) => {
    await holdFunds(trx, wallet.id, total, {
      field: 'amount',
      insufficientMessage: WITHDRAW_NOT_ENOUGH,
      // Open losses lower what may leave the wallet (free margin = balance − margin + P/L).
      check: async (locked) => {
        const positions = await openPositionsAtMarket(locked.id, trx)
        if (positions.length === 0) return
        const { profitLoss } = accountMetrics({
          balance: locked.balance,
          usedMargin: locked.margin,
          positions,
        })
        const available = withdrawableAmount({
          balance: locked.balance,
          margin: locked.margin,
          onHold: locked.onHold,
          openProfitLoss: profitLoss,
        })
        if (total.greaterThan(available)) {
          throw new UserFacingException(WITHDRAW_NOT_ENOUGH, {
            field: 'amount',
            code: 'E_INSUFFICIENT_BALANCE',
          })
        }
      },
    })
    return Withdrawal.create(
      {
        userId: user.id,
        balanceId: wallet.id,
        gateway: 'bank',
        amount: toDbDecimal(amount),
        fee: toDbDecimal(fee),
        total: toDbDecimal(total),
        description: bankDescription({ ...input.bank, accountName: user.fullName }),
        status: 'pending',
        balanceAfter: null,
        decidedById: null,
        decidedAt: null,
        declineReason: null,
      },
      { client: trx }
    )
  })
  emitter.emit('wallet:changed', { userId: user.id })
  return withdrawal
}

const normalizeName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')
