import type { HttpContext } from '@adonisjs/core/http'
import PricingPlan from '#models/pricing_plan'
import settings from '#services/settings_service'
import marketClock from '#services/market/market_clock'
import { kycStatusFor } from '#queries/kyc_status'
import { dashboardInstruments } from '#queries/dashboard_instruments'
import { CATEGORIES, type Category } from '#domain/instruments'
import { spreadMultiplier, stopOutFor } from '#domain/trading'
import { Roles } from '#domain/roles'
import { planCardsFor } from '#queries/plan_cards'

/**
 * The trading dashboard (customer spec §2): KYC state, instruments at their
 * latest prices with the user's leverage, the market status, the spread
 * settings and the plan's stop-out levels the order dialog and the client's
 * auto-close use, and the plans for the pricing panel.
 */
export default class DashboardController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const plan = user.pricingTableId ? await PricingPlan.find(user.pricingTableId) : null
    const [kycStatus, instruments, spreads, site] = await Promise.all([
      kycStatusFor(user.id),
      dashboardInstruments(plan),
      Promise.all(
        CATEGORIES.map(
          async (c) => [c, spreadMultiplier(await settings.value(`spread_${c}`))] as const
        )
      ),
      settings.site(),
    ])
    // The pricing panel shows when the pricingPlan switch is on; plans are for customers.
    const pricing =
      site.switches.pricingPlan && user.roleId === Roles.CUSTOMER ? await planCardsFor(user) : []
    return inertia.render('customer/dashboard', {
      isKyc: kycStatus === 'approved',
      instruments,
      marketStatus: marketClock.status(),
      spreads: Object.fromEntries(spreads) as Record<Category, number>,
      pricing,
      stopOuts: Object.fromEntries(
        CATEGORIES.map((c) => [c, stopOutFor(c, plan).toFixed()])
      ) as Record<Category, string>,
    })
  }
}
