import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import Deposit from '#models/deposit'
import type User from '#models/user'
import Profile from '#models/profile'
import { adapterFor, isOnlineGateway } from '#services/payments/registry'
import { findOfferedGateway, settingsOf } from '#queries/payment_gateways'
import { depositTotals } from '#domain/deposits'
import { isCryptoGateway } from '#domain/gateways'
import { money, toDbDecimal, toFixedString } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { ownRealWallet, requireKycWhen, requirePositive } from '#services/money_movement_checks'

export const KYC_DEPOSIT_MESSAGE = 'Please verify KYC to enable deposit'
export const GATEWAY_UNAVAILABLE = 'This payment gateway is not available'
export const PROVIDER_FAILED =
  'The payment gateway could not start the payment, please try again later'

export interface StartDepositInput {
  user: User
  balanceId: number
  /** A decimal string of whole cents. */
  amount: string
  gateway: string
  /** The site's absolute base URL, for the provider's return and notify addresses. */
  baseUrl: string
}

/**
 * POST /deposits (customer spec §7): records a pending deposit of the chosen
 * gateway with its fee (§9) and answers where the browser goes next. Manual
 * gateways lead to the app's own bank or crypto page; online gateways create
 * the payment with the provider first. Nothing is credited here: the balance
 * moves only when staff approve or the provider's verified confirmation
 * arrives (`settle_deposit.ts`).
 */
export async function startDeposit(
  input: StartDepositInput
): Promise<{ deposit: Deposit; paymentLink: string }> {
  const { user } = input
  const wallet = await ownRealWallet(user.id, input.balanceId, 'Deposits are made to a real wallet')
  await requireKycWhen('kycDeposit', user.id, KYC_DEPOSIT_MESSAGE)
  const gateway = await findOfferedGateway(input.gateway)
  if (!gateway) throw new UserFacingException(GATEWAY_UNAVAILABLE, { field: 'gateway' })
  requirePositive(money(input.amount))

  const { amount, fee, total } = depositTotals(input.amount, gateway.fee)
  const deposit = await Deposit.create({
    userId: user.id,
    balanceId: wallet.id,
    gateway: gateway.value,
    amount: toDbDecimal(amount),
    fee: toDbDecimal(fee),
    total: toDbDecimal(total),
    description: `Deposit via ${gateway.name}`,
    status: 'pending',
    balanceAfter: null,
    decidedById: null,
    decidedAt: null,
    txRef: randomUUID(),
    providerReference: null,
    paymentLink: null,
    proofPath: null,
  })

  if (!isOnlineGateway(gateway.value)) {
    const page = isCryptoGateway(gateway.value) ? 'crypto' : 'bank'
    deposit.paymentLink = `/deposits/${page}/${deposit.id}`
    await deposit.save()
    return { deposit, paymentLink: deposit.paymentLink }
  }

  const profile = await Profile.findBy('user_id', user.id)
  const base = input.baseUrl.replace(/\/+$/, '')
  try {
    const adapter = await adapterFor(gateway.value)
    const started = await adapter.start(settingsOf(gateway), {
      depositId: deposit.id,
      txRef: deposit.txRef,
      total: toFixedString(total),
      currency: wallet.currency,
      customer: { email: user.email, fullName: user.fullName, phone: profile?.phone ?? null },
      urls: {
        returnUrl: `${base}/payments/${gateway.value}/return/${deposit.txRef}`,
        cancelUrl: `${base}/deposits?status=cancelled`,
        notifyUrl: `${base}/payments/${gateway.value}/notify`,
      },
    })
    deposit.paymentLink = started.link
    deposit.providerReference = started.providerReference ?? null
    await deposit.save()
    return { deposit, paymentLink: started.link }
  } catch (error) {
    logger.warn(
      { err: error, gateway: gateway.value, depositId: deposit.id },
      'payment could not be started'
    )
    // The provider never took the payment: close the request so it does not wait for staff.
    await Deposit.query()
      .where('id', deposit.id)
      .where('status', 'pending')
      .update({
        status: 'declined',
        description: `${deposit.description} (the gateway did not start the payment)`,
      })
    throw new UserFacingException(PROVIDER_FAILED, { status: 502, field: 'gateway' })
  }
}
