import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import RestrictedCountry from '#models/restricted_country'
import { isStorableId } from '#domain/ids'
import { COUNTRY_TAKEN_MESSAGE } from '#domain/staff_lists/restricted_countries'
import { NotFoundException } from '#exceptions/not_found_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { refusingDuplicates } from '#services/db_errors'

export interface RestrictedCountryInput extends StaffContext {
  country: string
  note?: string | null
}

const audit = (row: RestrictedCountry) => ({ country: row.country, note: row.note })

/**
 * The write in a savepoint: a country another admin stored meanwhile is the
 * unique key's refusal (a 422 under the field), and the transaction stays
 * usable on PostgreSQL. Never a check-then-insert.
 */
const unique = <T>(
  trx: TransactionClientContract,
  write: (sp: TransactionClientContract) => Promise<T>
) => refusingDuplicates(() => trx.transaction(write), COUNTRY_TAKEN_MESSAGE, 'country')

async function find(trx: TransactionClientContract, id: number) {
  // Locked: an edit and a delete of the same row run one after the other.
  const row = isStorableId(id)
    ? await RestrictedCountry.query({ client: trx }).where('id', id).forUpdate().first()
    : null
  if (!row) throw new NotFoundException()
  return row
}

/** POST /admin/restricted-countries: the country goes on the list, with an audit row. */
export async function createRestrictedCountry(input: RestrictedCountryInput) {
  return db.transaction(async (trx) => {
    const row = await unique(trx, (sp) =>
      RestrictedCountry.create({ country: input.country, note: input.note ?? null }, { client: sp })
    )
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'restricted_country.create',
      target: { type: 'restricted_country', id: row.id },
      after: audit(row),
    })
    return row
  })
}

/** PUT /admin/restricted-countries/{id}: another country or note. */
export async function updateRestrictedCountry(input: RestrictedCountryInput & { id: number }) {
  return db.transaction(async (trx) => {
    const row = await find(trx, input.id)
    const before = audit(row)
    row.merge({ country: input.country, note: input.note ?? null })
    await unique(trx, (sp) => row.useTransaction(sp).save())
    row.useTransaction(trx)
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'restricted_country.update',
      target: { type: 'restricted_country', id: row.id },
      before,
      after: audit(row),
    })
    return row
  })
}

/** DELETE /admin/restricted-countries/{id}: sign-up takes the country again. */
export async function deleteRestrictedCountry({ id, ...by }: { id: number } & StaffContext) {
  return db.transaction(async (trx) => {
    const row = await find(trx, id)
    const before = audit(row)
    await trx.from('restricted_countries').where('id', row.id).delete()
    await recordStaffAction(trx, {
      ...by,
      action: 'restricted_country.delete',
      target: { type: 'restricted_country', id: row.id },
      before,
    })
  })
}
