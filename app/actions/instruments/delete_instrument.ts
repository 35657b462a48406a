import db from '@adonisjs/lucid/services/db'
import Instrument from '#models/instrument'
import { isStorableId } from '#domain/ids'
import { instrumentInUseMessage } from '#domain/instruments'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { announceInstrumentChange } from '#services/market/catalog_news'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { instrumentAudit, openPositionsOn } from '#actions/instruments/instrument_fields'

/**
 * Deletes an instrument with no open position (409 with their count
 * otherwise). The row is locked first and an order being placed locks it too
 * (placeOrder), so an order at the same moment is either counted here or
 * finds the instrument gone. Closed orders keep its name; favorites of it go
 * with it. Once committed, it is no longer quoted and leaves every market watch.
 */
export async function deleteInstrument(input: StaffContext & { id: number }): Promise<void> {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const deleted = await db.transaction(async (trx) => {
    const instrument = await Instrument.query({ client: trx })
      .where('id', input.id)
      .forUpdate()
      .first()
    if (!instrument) throw new NotFoundException()
    const refusal = instrumentInUseMessage(await openPositionsOn(trx, instrument), 'delete')
    if (refusal)
      throw new UserFacingException(refusal, { status: 409, code: 'E_INSTRUMENT_IN_USE' })
    await trx.from('instruments').where('id', instrument.id).delete()
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'instrument.delete',
      target: { type: 'instrument', id: instrument.id },
      before: instrumentAudit(instrument),
    })
    return instrument
  })
  announceInstrumentChange({ categories: [deleted.category], removed: [deleted.name] })
}
