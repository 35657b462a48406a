import Balance from '#models/balance'
import type User from '#models/user'
import settings from '#services/settings_service'
import { postEntry } from '#services/ledger_service'
import { requestWithdrawal } from '#actions/withdrawals/request_withdrawal'
import db from '@adonisjs/lucid/services/db'
import type { Group } from '@japa/runner/core'
import Withdrawal from '#models/withdrawal'

/** Bank details every withdrawal test sends (customer spec §3 Withdraw payload). */
export const BANK = {
  bank_name: 'Demo Bank AG',
  account_number: 'DE89370400440532013000',
  swift_code: 'COBADEFFXXX',
  bank_country: 'Germany',
}

export function realWalletOf(user: User) {
  return Balance.query().where('user_id', user.id).where('mode', 'real').firstOrFail()
}

/** A valid withdraw payload from the user's real wallet. */
export async function withdrawPayload(user: User, overrides: Record<string, unknown> = {}) {
  const wallet = await realWalletOf(user)
  return {
    balance_id: wallet.id,
    amount: '100',
    account_name: user.fullName,
    ...BANK,
    ...overrides,
  }
}

/** Sets Withdraw Settings: fee in percent and fixed fee. */
export async function setWithdrawFees(feePercentage: string, feeFixed: string) {
  await settings.put('withdrawSettings', { value1: feePercentage, value2: feeFixed })
}

/** A pending bank withdrawal made through the action (the hold included). */
export async function pendingWithdrawal(user: User, amount = '100') {
  const wallet = await realWalletOf(user)
  return requestWithdrawal({
    user,
    balanceId: wallet.id,
    amount,
    bank: {
      bankName: BANK.bank_name,
      accountName: user.fullName,
      accountNumber: BANK.account_number,
      swiftCode: BANK.swift_code,
      bankCountry: BANK.bank_country,
    },
  })
}

/** Credits a wallet through the ledger (a deposit). */
export async function fund(balanceId: number, amount: string) {
  await db.transaction((trx) =>
    postEntry(trx, { balanceId, type: 'deposit', amount, description: 'Test funding' })
  )
}

/**
 * Each test of the group starts with no withdrawals (inside the rolled-back
 * transaction of `isolate`, so nothing is lost): the race tests, which run
 * without a rollback, leave theirs behind. Call after `isolate(group)`.
 */
export function withoutOtherWithdrawals(group: Group) {
  group.each.setup(async () => {
    await Withdrawal.query().delete()
  })
}
