import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { kycStatusFor } from '#queries/kyc_status'
import { dashboardInstruments } from '#queries/dashboard_instruments'
import { marketStatus } from '#domain/market_hours'

/**
 * The trading dashboard: KYC state, instruments at their latest prices and
 * the market status. The chart, positions and order dialogs arrive with the
 * trading issue.
 */
export default class DashboardController {
  async show({ inertia, auth }: HttpContext) {
    const [kycStatus, instruments] = await Promise.all([
      kycStatusFor(auth.getUserOrFail().id),
      dashboardInstruments(),
    ])
    return inertia.render('customer/dashboard', {
      isKyc: kycStatus === 'approved',
      instruments,
      marketStatus: marketStatus(DateTime.now()),
    })
  }
}
