import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { moneyColumn } from '#models/money_column'
import type { LedgerEntryType } from '#domain/ledger'

export default class LedgerEntry extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare balanceId: number

  @column()
  declare type: LedgerEntryType

  @moneyColumn()
  declare amount: string

  @moneyColumn()
  declare balanceAfter: string

  @column()
  declare referenceType: string | null

  @column()
  declare referenceId: number | null

  @column()
  declare description: string | null

  /** The staff member who made the entry (approvals, adjustments, trade corrections). */
  @column()
  declare createdById: number | null

  /** The audit row of the staff action that caused the entry (issue 21). */
  @column()
  declare auditLogId: number | null

  /** The staff member's own words on an adjustment. */
  @column()
  declare comment: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
