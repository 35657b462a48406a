import type { HttpContext } from '@adonisjs/core/http'
import settings from '#services/settings_service'
import { requestWithdrawal } from '#actions/withdrawals/request_withdrawal'
import { kycStatusFor } from '#queries/kyc_status'
import { customerWithdrawalPage, withdrawFees } from '#queries/withdrawals'
import { numbersAsText } from '#validators/rules'
import {
  WITHDRAW_DECIMAL_FIELDS,
  withdrawHistoryValidator,
  withdrawValidator,
} from '#validators/withdrawals'
import { DEFAULT_PAGE_SIZE } from '#domain/pagination'

/** Bank withdrawals of the signed-in customer (customer spec §2 Withdraws, §7). */
export default class WithdrawalsController {
  /** GET /withdraws: the form (fees from Withdraw Settings, KYC state) and the first history page. */
  async index({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('customer/withdraws', {
      accountName: user.fullName,
      withdrawSettings: await withdrawFees(),
      isKyc: (await kycStatusFor(user.id)) === 'approved',
      /** With kycWithdraw on, the server refuses requests until KYC is approved. */
      kycRequired: (await settings.site()).switches.kycWithdraw,
      history: await customerWithdrawalPage(user.id, { page: 1, limit: DEFAULT_PAGE_SIZE }),
    })
  }

  /** POST /withdraws/bank: the withdraw payload → { message } */
  async bank({ request, auth, response }: HttpContext) {
    const data = blankAsMissing(numbersAsText(request.body(), WITHDRAW_DECIMAL_FIELDS), ['amount'])
    const payload = await request.validateUsing(withdrawValidator, { data })
    const withdrawal = await requestWithdrawal({
      user: auth.getUserOrFail(),
      balanceId: payload.balance_id,
      amount: payload.amount,
      bank: {
        bankName: payload.bank_name,
        accountName: payload.account_name,
        accountNumber: payload.account_number,
        swiftCode: payload.swift_code,
        bankCountry: payload.bank_country,
      },
    })
    return response.created({
      message: 'Withdraw request submitted successfully',
      id: withdrawal.id,
    })
  }

  /** GET /withdraws/history?page&limit → { data, meta } */
  async history({ request, auth }: HttpContext) {
    const { page = 1, limit = DEFAULT_PAGE_SIZE } = await request.validateUsing(
      withdrawHistoryValidator,
      {
        data: request.qs(),
      }
    )
    return customerWithdrawalPage(auth.getUserOrFail().id, { page, limit })
  }
}

/** A blank text in these fields means "not given" (reported as required, not as malformed). */
function blankAsMissing<T extends Record<string, unknown>>(data: T, fields: string[]): T {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  const out: Record<string, unknown> = { ...data }
  for (const f of fields)
    if (typeof out[f] === 'string' && (out[f] as string).trim() === '') delete out[f]
  return out as T
}
