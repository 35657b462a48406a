import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import PaymentGateway from '#models/payment_gateway'
import {
  settleProviderNotice,
  DEPOSIT_ALREADY_DECIDED,
  type NoticeResult,
} from '#actions/deposits/settle_deposit'
import { GATEWAY_UNAVAILABLE, PROVIDER_FAILED } from '#actions/deposits/start_deposit'
import { capturePaypalOrder, createPaypalOrder } from '#services/payments/adapters/paypal'
import { paypalSdkUrl } from '#services/payments/paypal_sdk'
import { publicFileUrl } from '#services/public_files'
import { settingsOf } from '#queries/payment_gateways'
import { depositResultQuery } from '#domain/deposit_results'
import { toFixedString } from '#domain/money'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'

export const PAYPAL_NOT_CONFIRMED =
  'PayPal has not confirmed your payment yet; your deposit will be credited once it does'
export const PAYPAL_DECLINED = 'PayPal declined the payment'
export const PAYPAL_SHORT = 'The payment does not cover the deposit; our team will review it'

/** The signed-in customer's PayPal deposit named by `column`; another user's (or none) is a 404. */
async function ownDeposit(
  auth: HttpContext['auth'],
  column: 'tx_ref' | 'provider_reference',
  value: string
) {
  const deposit = await Deposit.query()
    .where(column, value)
    .where('gateway', 'paypal')
    .where('user_id', auth.getUserOrFail().id)
    .first()
  if (!deposit) throw new NotFoundException()
  return deposit
}

/** The PayPal gateway row while it can take payments (the client id is set). */
async function paypalGateway() {
  const row = await PaymentGateway.findBy('value', 'paypal')
  return row?.key1?.trim() ? row : null
}

const RESULT_MESSAGES: Partial<Record<NoticeResult, string>> = {
  declined: PAYPAL_DECLINED,
  pending: PAYPAL_NOT_CONFIRMED,
  mismatch: PAYPAL_SHORT,
}

/**
 * The customer's side of a PayPal payment (customer spec: PayPal payment
 * page; POST /payments/paypal/{tx_ref}): the page with PayPal's buttons, the
 * order creation they call, and the capture the browser lands on once the
 * payer approves. Amounts come from the deposit, never from the browser.
 */
export default class PaypalController {
  /** GET /payments/paypal/{txRef}: logo (or name), 'Deposit {amount} {currency}' and the buttons' settings. */
  async page({ params, auth, inertia, response }: HttpContext) {
    const deposit = await ownDeposit(auth, 'tx_ref', String(params.txRef))
    if (deposit.status !== 'pending')
      return response.redirect(`/deposits?${depositResultQuery(deposit)}`)
    const row = await PaymentGateway.findByOrFail('value', 'paypal')
    const clientId = row.key1?.trim()
    const { currency } = await Balance.findOrFail(deposit.balanceId)
    return inertia.render('customer/paypal', {
      gateway: { name: row.name, logoUrl: publicFileUrl(row.logoPath) },
      deposit: { txRef: deposit.txRef, amount: toFixedString(deposit.amount), currency },
      // The client id is public by PayPal's design (it is in the script URL); the secret never leaves the server.
      // Null while staff have not configured PayPal: the page says the gateway is not available.
      paypal: clientId ? { clientId, sdkUrl: paypalSdkUrl(clientId, currency) } : null,
    })
  }

  /** POST /payments/paypal/{txRef} → { id }: PayPal's order for the deposit's total (one per deposit). */
  async createOrder({ params, auth, response }: HttpContext) {
    const deposit = await ownDeposit(auth, 'tx_ref', String(params.txRef))
    if (deposit.status !== 'pending')
      throw new UserFacingException(DEPOSIT_ALREADY_DECIDED, { status: 409 })
    const gateway = await paypalGateway()
    if (!gateway) throw new UserFacingException(GATEWAY_UNAVAILABLE, { status: 409 })
    const { currency } = await Balance.findOrFail(deposit.balanceId)
    let id: string
    try {
      id = await createPaypalOrder(settingsOf(gateway), {
        txRef: deposit.txRef,
        total: deposit.total,
        currency,
      })
    } catch (error) {
      logger.warn({ err: error, depositId: deposit.id }, 'PayPal order could not be created')
      throw new UserFacingException(PROVIDER_FAILED, { status: 502 })
    }
    await Deposit.query()
      .where('id', deposit.id)
      .where('status', 'pending')
      .update({ provider_reference: id })
    return response.ok({ id })
  }

  /**
   * GET /payments/paypal/capture/{orderId}: captures the approved order of the
   * customer's own pending deposit and settles it exactly once; lands on
   * /deposits with the result. A decided deposit is never captured again.
   */
  async capture({ params, auth, response }: HttpContext) {
    const deposit = await ownDeposit(auth, 'provider_reference', String(params.orderId))
    const gateway = deposit.status === 'pending' ? await paypalGateway() : null
    let message: string | undefined
    if (gateway) {
      message = PAYPAL_NOT_CONFIRMED
      try {
        const notice = await capturePaypalOrder(settingsOf(gateway), String(params.orderId))
        if (notice && notice.txRef === deposit.txRef) {
          const result = await settleProviderNotice('paypal', notice)
          logger.info({ depositId: deposit.id, outcome: notice.outcome, result }, 'PayPal capture')
          message = RESULT_MESSAGES[result]
        } else {
          logger.warn(
            { depositId: deposit.id, orderTxRef: notice?.txRef },
            'PayPal order does not name this deposit'
          )
        }
      } catch (error) {
        logger.warn({ err: error, depositId: deposit.id }, 'PayPal capture failed')
      }
      await deposit.refresh()
    }
    return response.redirect(`/deposits?${depositResultQuery(deposit, message)}`)
  }
}
