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

  @column()
  declare createdById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
