import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import Deposit from '#models/deposit'
import PaymentGateway from '#models/payment_gateway'
import { adapterFor, isOnlineGateway } from '#services/payments/registry'
import { InvalidSignatureError, ProviderError } from '#services/payments/types'
import { settingsOf } from '#queries/payment_gateways'
import { settleProviderNotice } from '#actions/deposits/settle_deposit'
import { depositResultQuery } from '#domain/deposit_results'

/**
 * The providers' side of a payment: their confirmation calls (webhook, IPN,
 * status URL) and the customer's return from their pages.
 */
export default class ProviderCallbacksController {
  /**
   * POST /payments/{gateway}/notify: verified by the adapter over the raw
   * body; a forged or malformed call gets 400 and credits nothing. A
   * verified call is acknowledged even when it changes nothing (a replay), so
   * the provider stops retrying.
   */
  async notify({ params, request, response }: HttpContext) {
    const value = String(params.gateway)
    if (!isOnlineGateway(value)) return response.notFound({ message: 'Unknown gateway' })
    const row = await PaymentGateway.findBy('value', value)
    if (!row) return response.notFound({ message: 'Unknown gateway' })
    const adapter = await adapterFor(value)
    try {
      const notice = await adapter.verify(settingsOf(row), {
        rawBody: request.raw() ?? '',
        headers: lowerCaseHeaders(request.headers()),
        body: request.body(),
        query: request.qs(),
      })
      if (notice) {
        const result = await settleProviderNotice(value, notice)
        logger.info(
          { gateway: value, txRef: notice.txRef, outcome: notice.outcome, result },
          'payment notice'
        )
      }
    } catch (error) {
      if (error instanceof InvalidSignatureError) {
        logger.warn({ gateway: value, reason: error.message }, 'payment notice refused')
        return response.badRequest({ message: error.message })
      }
      if (error instanceof ProviderError) {
        // The provider's API could not confirm the call now: 503 makes it deliver again later.
        logger.warn(
          { gateway: value, reason: error.message },
          'payment notice could not be confirmed'
        )
        return response.serviceUnavailable({ message: 'Try again later' })
      }
      throw error
    }
    if (adapter.acknowledgement !== undefined) return response.ok(adapter.acknowledgement)
    return response.ok({ received: true })
  }

  /**
   * GET /payments/{gateway}/return/{txRef}: the customer is back from the
   * provider. Where the provider offers a lookup the deposit settles now
   * (exactly once, like the webhook); the customer lands on /deposits with
   * the result modal for the deposit's state.
   */
  async return({ params, request, response, auth }: HttpContext) {
    const value = String(params.gateway)
    const deposit = await Deposit.query()
      .where('tx_ref', String(params.txRef))
      .where('gateway', value)
      .where('user_id', auth.getUserOrFail().id)
      .first()
    if (!deposit || !isOnlineGateway(value)) return response.redirect('/deposits?status=failed')
    if (deposit.status === 'pending') {
      const adapter = await adapterFor(value)
      const row = await PaymentGateway.findBy('value', value)
      if (adapter.lookup && row) {
        try {
          const notice = await adapter.lookup(settingsOf(row), deposit, request.qs())
          if (notice && notice.txRef === deposit.txRef) await settleProviderNotice(value, notice)
        } catch (error) {
          logger.warn(
            { err: error, gateway: value, depositId: deposit.id },
            'payment lookup failed'
          )
        }
      }
      await deposit.refresh()
    }
    return response.redirect(`/deposits?${depositResultQuery(deposit)}`)
  }
}

function lowerCaseHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value
  }
  return out
}
