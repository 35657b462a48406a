import Balance from '#models/balance'
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
export async function requireKycWhen(setting: 'kycDeposit' | 'kycWithdraw', userId: number, message: string) {
  if ((await settings.value(setting)) === 'on' && (await kycStatusFor(userId)) !== 'approved') {
    throw new UserFacingException(message, { status: 403 })
  }
}

/** Amounts pass the validator as plain decimals; zero is refused here, under the field. */
export function requirePositive(amount: { greaterThan(n: number): boolean }) {
  if (!amount.greaterThan(0)) throw new UserFacingException('Amount must be greater than zero', { field: 'amount' })
}
