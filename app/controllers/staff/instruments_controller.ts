import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator } from '#validators/lists'
import { instrumentValidator, INSTRUMENT_DECIMAL_FIELDS } from '#validators/instruments'
import { numbersAsText } from '#validators/rules'
import { findInstrumentOrFail, instrumentPage } from '#queries/instruments'
import { instrumentAdminRow } from '#transformers/instrument_transformer'
import { createInstrument } from '#actions/instruments/create_instrument'
import { updateInstrument } from '#actions/instruments/update_instrument'
import { deleteInstrument } from '#actions/instruments/delete_instrument'
import { staffContext } from '#services/audit_log'
import priceBook from '#services/market/price_book'
import { isCategory } from '#domain/instruments'
import { NotFoundException } from '#exceptions/not_found_exception'

/** The instrument payload, validated; absent bids and asks stay absent (an edit keeps the stored price). */
async function validated(ctx: HttpContext) {
  return ctx.request.validateUsing(instrumentValidator, {
    data: numbersAsText(ctx.request.body(), INSTRUMENT_DECIMAL_FIELDS),
  })
}

/**
 * Instruments (admin spec §2 Instruments list, §3 Instrument, §7, §8): one
 * screen per category, titled by it, its category preselected in the modal.
 * Role 1.
 */
export default class InstrumentsController {
  /** GET /admin/instruments/{forex|commodity|index|crypto|stock}: the page; rows come from …/api/{type}. */
  async index({ inertia, request }: HttpContext) {
    const category = request.url().split('/').pop()
    if (!isCategory(category)) throw new NotFoundException()
    return inertia.render('staff/instruments/index', { category })
  }

  /** GET /admin/instruments/api/:category (the spec's {type}) ?page&limit&search → { data, meta } */
  async list({ request, params }: HttpContext) {
    if (!isCategory(params.category)) throw new NotFoundException()
    const query = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return instrumentPage(params.category, query)
  }

  /** POST /admin/instruments (name, base, quote, category, bids, asks, tradingview, alias, leverage, tradable, swap) */
  async store(ctx: HttpContext) {
    const payload = await validated(ctx)
    const instrument = await createInstrument({ ...payload, ...staffContext(ctx) })
    return ctx.response.created({
      message: 'Instrument added successfully',
      instrument: instrumentAdminRow(instrument, priceBook.latest(instrument)),
    })
  }

  /** PUT /admin/instruments/:id (the same fields) */
  async update(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    await findInstrumentOrFail(id)
    const payload = await validated(ctx)
    const instrument = await updateInstrument({ id, ...payload, ...staffContext(ctx) })
    return {
      message: 'Instrument updated successfully',
      instrument: instrumentAdminRow(instrument, priceBook.latest(instrument)),
    }
  }

  /** DELETE /admin/instruments/:id: refused (409) while positions are open on it. */
  async destroy(ctx: HttpContext) {
    await deleteInstrument({ id: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Instrument deleted successfully' }
  }
}
