import db from '@adonisjs/lucid/services/db'
import Instrument from '#models/instrument'
import { toDbDecimal } from '#domain/money'
import { isUniqueViolation } from '#services/db_errors'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { announceInstrumentChange } from '#services/market/catalog_news'
import { UserFacingException } from '#exceptions/user_facing_exception'
import {
  checkPrices,
  DUPLICATE_NAME,
  ensureNameFree,
  instrumentAudit,
  type InstrumentFields,
  bookColumns,
} from '#actions/instruments/instrument_fields'

/**
 * Adds an instrument (admin spec §2 Instruments list, §3). Once committed it
 * is quoted at once (the simulator from its starting price, or the live feed
 * of its category) and customers' market watches show it.
 */
export async function createInstrument(
  input: InstrumentFields & StaffContext
): Promise<Instrument> {
  checkPrices(input.bids, input.asks)
  let instrument: Instrument
  try {
    instrument = await db.transaction(async (trx) => {
      await ensureNameFree(trx, input.name)
      const created = await Instrument.create(
        {
          name: input.name,
          base: input.base,
          quote: input.quote,
          category: input.category,
          bids: input.bids ?? null,
          asks: input.asks ?? null,
          tradingview: input.tradingview,
          alias: input.alias?.trim() ? input.alias.trim() : null,
          leverage: input.leverage,
          tradable: input.tradable,
          swap: toDbDecimal(input.swap ?? '0'),
          swapLong: bookColumns(input).swap_long,
          swapShort: bookColumns(input).swap_short,
          exposureLimit: bookColumns(input).exposure_limit,
        },
        { client: trx }
      )
      await created.refresh() // as stored: prices in their canonical form
      await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'instrument.create',
        target: { type: 'instrument', id: created.id },
        after: instrumentAudit(created),
      })
      return created
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserFacingException(DUPLICATE_NAME, { field: 'name' })
    throw error
  }
  announceInstrumentChange({
    categories: [instrument.category],
    upserted: [{ name: instrument.name, repriced: true }],
  })
  return instrument
}
