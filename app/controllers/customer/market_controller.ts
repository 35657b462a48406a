import type { HttpContext } from '@adonisjs/core/http'
import { actingStaffOf } from '#services/acting_staff'
import Balance from '#models/balance'
import { ratesValidator, favoriteValidator, candlesValidator } from '#validators/trading'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { candleHistory } from '#queries/candles'
import { conversionRateFor } from '#queries/conversion_rate'
import { lotStateFor } from '#queries/lot_state'
import { favoritesOf } from '#queries/favorites'
import { addFavorite, removeFavorite } from '#actions/favorites/toggle_favorite'
import { isCategory } from '#domain/instruments'
import { DEFAULT_CURRENCY } from '#domain/site_settings'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** The order dialog's reads and the favorites of the instrument list (customer spec §7). */
export default class MarketController {
  /** GET /dashboard/rates?quote=JPY: quote currency per unit of the active wallet's currency. */
  async rates({ request, auth }: HttpContext) {
    const { quote } = await request.validateUsing(ratesValidator, { data: request.qs() })
    const user = auth.getUserOrFail()
    const wallet = user.activeBalanceId ? await Balance.find(user.activeBalanceId) : null
    const account = wallet?.currency ?? DEFAULT_CURRENCY
    const rate = await conversionRateFor(quote, account)
    if (!rate) {
      throw new UserFacingException(`No conversion rate from ${quote} to ${account}`, {
        field: 'quote',
      })
    }
    return { quote, currency: account, rate: rate.toDecimalPlaces(8).toFixed() }
  }

  /** GET /dashboard/chart/:instrument: the mobile price chart page. */
  async chart({ params, inertia }: HttpContext) {
    const instrument = await Instrument.findBy('name', String(params.instrument))
    if (!instrument) throw new NotFoundException()
    const { bids, asks } = priceBook.latest(instrument)
    return inertia.render('customer/price_chart', {
      instrument: { name: instrument.name, bids, asks },
    })
  }

  /** GET /dashboard/lot-state/:category */
  async lotState({ params }: HttpContext) {
    if (!isCategory(params.category)) throw new NotFoundException()
    return lotStateFor(params.category)
  }

  /** GET /dashboard/candles/:instrument?interval=1d&limit=500: chart history (daily by default). */
  async candles({ request, params }: HttpContext) {
    const { interval = '1d', limit = 500 } = await request.validateUsing(candlesValidator, {
      data: request.qs(),
    })
    const instrument = await Instrument.findByOrFail('name', String(params.instrument))
    return {
      instrument: instrument.name,
      interval,
      candles: await candleHistory(instrument.name, interval, limit),
    }
  }

  /** GET /dashboard/get-favorite */
  async favorites({ auth }: HttpContext) {
    return favoritesOf(auth.getUserOrFail().id)
  }

  /** POST /dashboard/add-to-favorite */
  async addFavorite(ctx: HttpContext) {
    const { id } = await ctx.request.validateUsing(favoriteValidator)
    await addFavorite(ctx.auth.getUserOrFail(), id, actingStaffOf(ctx))
    return { message: 'Added to favorites' }
  }

  /** POST /dashboard/remove-from-favorite */
  async removeFavorite(ctx: HttpContext) {
    const { id } = await ctx.request.validateUsing(favoriteValidator)
    await removeFavorite(ctx.auth.getUserOrFail(), id, actingStaffOf(ctx))
    return { message: 'Removed from favorites' }
  }
}
