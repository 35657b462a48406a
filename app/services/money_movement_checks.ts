import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Balance from '#models/balance'
import { openPositionsAtMarket } from '#queries/open_positions'
import { openProfitLoss } from '#domain/account_metrics'
import { Money } from '#domain/money'
import settings from '#services/settings_service'
import { kycStatusFor } from '#queries/kyc_status'
import { isStorableId } from '#domain/ids'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'

/** The customer's own real wallet named by a form (another user's: 404; a demo wallet: 422 under balance_id). */
export async function ownRealWallet(userId: number, balanceId: number, notRealMessage: string) {
  const wallet = isStorableId(balanceId)
    ? await Balance.query().where('id', balanceId).where('user_id', userId).first()
    : null
  if (!wallet) throw new NotFoundException()
  if (wallet.mode !== 'real') throw new UserFacingException(notRealMessage, { field: 'balance_id' })
  return wallet
}

/** Refuses (403) when the KYC switch is on and the customer's KYC is not approved. */
export async function requireKycWhen(
  setting: 'kycDeposit' | 'kycWithdraw',
  userId: number,
  message: string
) {
  if ((await settings.site()).switches[setting] && (await kycStatusFor(userId)) !== 'approved') {
    throw new UserFacingException(message, { status: 403 })
  }
}

/** Amounts pass the validator as plain decimals; zero is refused here, under the field. */
export function requirePositive(amount: { greaterThan(n: number): boolean }) {
  if (!amount.greaterThan(0))
    throw new UserFacingException('Amount must be greater than zero', { field: 'amount' })
}

/**
 * What a staff debit (a subtraction, a trade correction or reversal) must
 * leave free: the wallet's open losses, so that afterwards balance − margin −
 * on hold − open losses stays at zero or above (the free margin as
 * withdrawals count it: an open profit is not cash). Read in the caller's
 * transaction; pass it to `postEntry` as `requireFreeAtLeast`.
 */
export async function openLossOf(
  trx: TransactionClientContract,
  balanceId: number
): Promise<Money> {
  const positions = await openPositionsAtMarket(balanceId, trx)
  const pl = openProfitLoss(positions)
  return pl.isNegative() ? pl.negated() : new Money(0)
}
