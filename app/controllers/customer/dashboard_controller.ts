import type { HttpContext } from '@adonisjs/core/http'
import { kycStatusFor } from '#queries/kyc_status'

/**
 * The trading dashboard. The instrument list, chart, positions and order
 * dialogs arrive with the trading issue; this page already carries the KYC
 * state that drives its warning.
 */
export default class DashboardController {
  async show({ inertia, auth }: HttpContext) {
    const kycStatus = await kycStatusFor(auth.getUserOrFail().id)
    return inertia.render('customer/dashboard', { isKyc: kycStatus === 'approved' })
  }
}
