import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Instrument from '#models/instrument'
import { isStorableId } from '#domain/ids'
import { instrumentInUseMessage } from '#domain/instruments'
import { toDbDecimal } from '#domain/money'
import { refusingDuplicates } from '#services/db_errors'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { announceInstrumentChange } from '#services/market/catalog_news'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import {
  checkPrices,
  DUPLICATE_NAME,
  ensureNameFree,
  instrumentAudit,
  openPositionsOn,
  type InstrumentFields,
  bookColumns,
} from '#actions/instruments/instrument_fields'

const sameDecimal = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : toDbDecimal(a) === toDbDecimal(b)

/**
 * Edits an instrument. The row is locked, and an order being placed locks it
 * too (placeOrder), so switching `tradable` off refuses every order that
 * commits after it. While positions are open on it, its name and category
 * stay (positions are priced, closed and stopped out by them): 409.
 *
 * Bids and asks left out keep the stored price. `updated_at` is the time of
 * the stored price (the price fan-out writes both; a quote's age decides
 * whether orders may trade on it), so it moves only with a new price: an
 * edit of the leverage must not make an old price look fresh.
 */
export async function updateInstrument(
  input: InstrumentFields & StaffContext & { id: number }
): Promise<Instrument> {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const change = await refusingDuplicates(
    () =>
      db.transaction(async (trx) => {
        const before = await Instrument.query({ client: trx })
          .where('id', input.id)
          .forUpdate()
          .first()
        if (!before) throw new NotFoundException()
        const bids = input.bids === undefined ? before.bids : input.bids
        const asks = input.asks === undefined ? before.asks : input.asks
        checkPrices(bids, asks)
        const moved = before.name !== input.name || before.category !== input.category
        if (moved) {
          const refusal = instrumentInUseMessage(await openPositionsOn(trx, before), 'rename')
          if (refusal)
            throw new UserFacingException(refusal, { status: 409, code: 'E_INSTRUMENT_IN_USE' })
        }
        if (before.name !== input.name) await ensureNameFree(trx, input.name, before.id)
        const repriced = !sameDecimal(bids, before.bids) || !sameDecimal(asks, before.asks)
        await trx
          .from('instruments')
          .where('id', before.id)
          .update({
            name: input.name,
            base: input.base,
            quote: input.quote,
            category: input.category,
            bids: bids === null ? null : toDbDecimal(bids),
            asks: asks === null ? null : toDbDecimal(asks),
            tradingview: input.tradingview,
            alias: input.alias?.trim() ? input.alias.trim() : null,
            leverage: input.leverage,
            tradable: input.tradable,
            swap: toDbDecimal(input.swap ?? '0'),
            ...bookColumns(input),
            ...(repriced ? { updated_at: DateTime.now().toSQL({ includeOffset: false }) } : {}),
          })
        const after = await Instrument.query({ client: trx }).where('id', before.id).firstOrFail()
        await recordStaffAction(trx, {
          staff: input.staff,
          ip: input.ip,
          action: 'instrument.update',
          target: { type: 'instrument', id: before.id },
          before: instrumentAudit(before),
          after: instrumentAudit(after),
        })
        return { before, after, repriced }
      }),
    DUPLICATE_NAME,
    'name'
  )
  const { before, after } = change
  // A renamed or moved instrument stops being quoted under its old name or by its old feed first.
  const moved = before.name !== after.name || before.category !== after.category
  announceInstrumentChange({
    categories: [...new Set([before.category, after.category])],
    upserted: [{ name: after.name, repriced: change.repriced || moved }],
    removed: moved ? [before.name] : [],
  })
  return after
}
