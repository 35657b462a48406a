import type { HttpContext } from '@adonisjs/core/http'
import ExternalPayment from '#models/external_payment'
import PaymentGateway from '#models/payment_gateway'
import settings from '#services/settings_service'
import { appBaseUrl } from '#services/urls'
import { discardUploads } from '#services/kyc_files'
import { startDeposit } from '#actions/deposits/start_deposit'
import { isOnlineGateway } from '#services/payments/registry'
import { submitBankTransfer } from '#actions/deposits/submit_bank_transfer'
import { kycStatusFor } from '#queries/kyc_status'
import { offeredGateways } from '#queries/payment_gateways'
import { customerDepositPage, ownDeposit } from '#queries/deposits'
import { cryptoPaymentData } from '#queries/crypto_deposit'
import { externalPaymentOption, gatewayOption } from '#transformers/gateway_option_transformer'
import { numbersAsText } from '#validators/rules'
import { historyQuery } from '#validators/statements'
import {
  bankTransferValidator,
  DEPOSIT_DECIMAL_FIELDS,
  depositHistoryValidator,
  depositValidator,
} from '#validators/deposits'
import { DEFAULT_PAGE_SIZE } from '#domain/pagination'
import { depositResultQuery } from '#domain/deposit_results'
import { isCryptoGateway } from '#domain/gateways'
import { toFixedString } from '#domain/money'
import { NotFoundException } from '#exceptions/not_found_exception'

/** Deposits of the signed-in customer (customer spec §2 Deposits, Bank and Crypto deposit pages, §7). */
export default class DepositsController {
  /** GET /deposits: the Deposit tab (gateways, external links, KYC state) and the first history page. */
  async index({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const gateways = await offeredGateways()
    return inertia.render('customer/deposits', {
      isKyc: (await kycStatusFor(user.id)) === 'approved',
      /** With kycDeposit on, the server refuses deposits until KYC is approved. */
      kycRequired: (await settings.site()).switches.kycDeposit,
      gateways: gateways.filter((g) => g.kind === 'automatic').map(gatewayOption),
      offlinePayments: gateways.filter((g) => g.kind === 'manual').map(gatewayOption),
      externalPayments: (await ExternalPayment.query().orderBy('id', 'asc')).map(
        externalPaymentOption
      ),
      history: await customerDepositPage(user.id, {}, { page: 1, limit: DEFAULT_PAGE_SIZE }),
    })
  }

  /** POST /deposits: balance_id, amount, gateway → { message, paymentLink } */
  async store(ctx: HttpContext) {
    const { request, auth, response } = ctx
    const data = numbersAsText(request.body(), DEPOSIT_DECIMAL_FIELDS)
    const payload = await request.validateUsing(depositValidator, { data })
    const { paymentLink, deposit } = await startDeposit({
      user: auth.getUserOrFail(),
      balanceId: payload.balance_id,
      amount: payload.amount,
      gateway: payload.gateway,
      baseUrl: appBaseUrl(),
    })
    return response.created({
      message: isOnlineGateway(deposit.gateway)
        ? 'Redirecting to the payment gateway'
        : 'Deposit request created',
      paymentLink,
      id: deposit.id,
    })
  }

  /** GET /deposits/history?page&limit&startDate&endDate → { data, meta } */
  async history({ request, auth }: HttpContext) {
    const {
      page = 1,
      limit = DEFAULT_PAGE_SIZE,
      ...filter
    } = await request.validateUsing(depositHistoryValidator, { data: historyQuery(request.qs()) })
    return customerDepositPage(auth.getUserOrFail().id, filter, { page, limit })
  }

  /** GET /deposits/bank/{id}: the broker's bank details and the 'Sent From' form (props amount, bank, id). */
  async bank({ params, inertia, auth, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const deposit = await ownDeposit(user.id, Number(params.id))
    if (!deposit || deposit.gateway !== 'bank') throw new NotFoundException()
    if (deposit.status !== 'pending')
      return response.redirect(`/deposits?${depositResultQuery(deposit)}`)
    const bank = await PaymentGateway.findByOrFail('value', 'bank')
    return inertia.render('customer/bank_deposit', {
      id: deposit.id,
      amount: toFixedString(deposit.total),
      currency: deposit.balance.currency,
      bank: {
        bankName: bank.key1 ?? '',
        accountHolder: bank.key2 ?? '',
        accountNumber: bank.key3 ?? '',
        swiftCode: bank.key4 ?? '',
        country: bank.key5 ?? '',
      },
      accountName: user.fullName,
    })
  }

  /** PUT /deposits/bank/{id} (multipart bank_name, account_name, account_number, proof) → { message } */
  async submitBank({ params, request, auth, response }: HttpContext) {
    try {
      const user = auth.getUserOrFail()
      const { proof, ...sender } = await request.validateUsing(bankTransferValidator)
      await submitBankTransfer({
        userId: user.id,
        depositId: Number(params.id),
        sender: {
          bankName: sender.bank_name,
          accountName: user.fullName,
          accountNumber: sender.account_number,
        },
        proof,
      })
      return response.ok({ message: 'Deposit request submitted successfully' })
    } finally {
      await discardUploads(request.allFiles())
    }
  }

  /** GET /deposits/crypto/{id}: the wallet address, its QR code and the converted amount. */
  async crypto({ params, inertia, auth, response }: HttpContext) {
    const deposit = await ownDeposit(auth.getUserOrFail().id, Number(params.id))
    if (!deposit || !isCryptoGateway(deposit.gateway)) throw new NotFoundException()
    if (deposit.status !== 'pending')
      return response.redirect(`/deposits?${depositResultQuery(deposit)}`)
    const gateway = await PaymentGateway.findByOrFail('value', deposit.gateway)
    if (!gateway.key1) throw new NotFoundException()
    const total = toFixedString(deposit.total)
    return inertia.render('customer/crypto_deposit', {
      gateway: gateway.name,
      amount: toFixedString(deposit.amount),
      total,
      currency: deposit.balance.currency,
      ...(await cryptoPaymentData(deposit.gateway, gateway.key1, total, deposit.balance.currency)),
    })
  }
}
