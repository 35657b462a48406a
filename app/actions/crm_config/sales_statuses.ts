import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import SalesStatus from '#models/sales_status'
import { isStorableId } from '#domain/ids'
import {
  DEFAULT_DELETE_MESSAGE,
  defaultChangeRefusal,
  statusInUseMessage,
  statusKey,
  STATUS_TAKEN_MESSAGE,
} from '#domain/crm_config'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { refusingDuplicates } from '#services/db_errors'
import { serializeChanges } from '#actions/crm_config/codes'

/** Any constant: the advisory lock serializing sales-status writes on PostgreSQL ("stat"). */
export const SALES_STATUS_LOCK = 0x73746174

export interface SalesStatusInput extends StaffContext {
  status: string
  isDefault: boolean
}

const audit = (row: SalesStatus) => ({ status: row.status, isDefault: row.isDefault })

/**
 * Every status write takes the one lock first, so "exactly one default" and
 * "no two statuses with the same name" hold even for two admins at once.
 */
async function lockStatuses(trx: TransactionClientContract) {
  await serializeChanges(trx, SALES_STATUS_LOCK)
}

async function refuseTakenName(trx: TransactionClientContract, status: string, exceptId?: number) {
  const query = trx.from('sales_statuses').whereRaw('LOWER(status) = ?', [statusKey(status)])
  if (exceptId !== undefined) query.whereNot('id', exceptId)
  if (await query.first()) throw new UserFacingException(STATUS_TAKEN_MESSAGE, { field: 'status' })
}

/** Makes every other status not the default (the caller's status becomes it). */
async function clearOtherDefaults(trx: TransactionClientContract, exceptId?: number) {
  const query = trx.from('sales_statuses').where('is_default', true)
  if (exceptId !== undefined) query.whereNot('id', exceptId)
  await query.update({
    is_default: false,
    updated_at: DateTime.now().toSQL({ includeOffset: false }),
  })
}

const saved = <T>(write: () => Promise<T>) =>
  refusingDuplicates(write, STATUS_TAKEN_MESSAGE, 'status')

async function findStatus(trx: TransactionClientContract, id: number) {
  const row = isStorableId(id) ? await SalesStatus.find(id, { client: trx }) : null
  if (!row) throw new NotFoundException()
  return row
}

/**
 * POST /admin/crm-config/sales-statuses (CRM spec §2.5, §2.11). A new default
 * takes the flag from the old one in the same transaction; with no default
 * at all, the new status becomes it.
 */
export async function createSalesStatus(input: SalesStatusInput) {
  return db.transaction(async (trx) => {
    await lockStatuses(trx)
    await refuseTakenName(trx, input.status)
    const hasDefault = await trx.from('sales_statuses').where('is_default', true).first()
    const isDefault = input.isDefault || !hasDefault
    if (isDefault) await clearOtherDefaults(trx)
    const row = await saved(() =>
      SalesStatus.create({ status: input.status, isDefault }, { client: trx })
    )
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'sales_status.create',
      target: { type: 'sales_status', id: row.id },
      after: audit(row),
    })
    return row
  })
}

/** PUT /admin/crm-config/sales-statuses/{id}: rename, or make it the default (never un-default the only one). */
export async function updateSalesStatus(input: SalesStatusInput & { id: number }) {
  return db.transaction(async (trx) => {
    await lockStatuses(trx)
    const row = await findStatus(trx, input.id)
    const before = audit(row)
    const refusal = defaultChangeRefusal({ wasDefault: row.isDefault, isDefault: input.isDefault })
    if (refusal) throw new UserFacingException(refusal, { field: 'isDefault' })
    await refuseTakenName(trx, input.status, row.id)
    if (input.isDefault && !row.isDefault) await clearOtherDefaults(trx, row.id)
    row.merge({ status: input.status, isDefault: input.isDefault })
    await saved(() => row.useTransaction(trx).save())
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'sales_status.update',
      target: { type: 'sales_status', id: row.id },
      before,
      after: audit(row),
    })
    return row
  })
}

const leadsCarrying = async (trx: TransactionClientContract, id: number) =>
  Number((await trx.from('leads').where('sales_status_id', id).count('* as n').first())?.n ?? 0)

/**
 * DELETE /admin/crm-config/sales-statuses/{id}: refused (409, nothing
 * deleted) for the default status and for a status leads carry, saying how
 * many. A lead given the status meanwhile is caught by the foreign key.
 */
export async function deleteSalesStatus({ id, ...by }: { id: number } & StaffContext) {
  return db.transaction(async (trx) => {
    await lockStatuses(trx)
    const row = await findStatus(trx, id)
    if (row.isDefault) throw new UserFacingException(DEFAULT_DELETE_MESSAGE, { status: 409 })
    const inUse = await leadsCarrying(trx, row.id)
    if (inUse > 0) throw new UserFacingException(statusInUseMessage(inUse), { status: 409 })
    try {
      await trx.transaction((savepoint) =>
        savepoint.from('sales_statuses').where('id', id).delete()
      )
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
        const count = await leadsCarrying(trx, row.id)
        throw new UserFacingException(statusInUseMessage(Math.max(count, 1)), { status: 409 })
      }
      throw error
    }
    await recordStaffAction(trx, {
      ...by,
      action: 'sales_status.delete',
      target: { type: 'sales_status', id },
      before: audit(row),
    })
  })
}
