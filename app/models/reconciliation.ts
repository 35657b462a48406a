import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { ReconciliationKind } from '#domain/reconciliation'

/** One run of the books' reconciliation (issue 24 item 6): after a rollover or by hand. */
export default class Reconciliation extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare kind: ReconciliationKind

  /** The rollover day it followed (YYYY-MM-DD), for kind 'rollover'. */
  @column()
  declare rolloverDate: string | null

  @column()
  declare wallets: number

  @column()
  declare differences: number

  /** The differences found, as JSON (the first thousand). */
  @column()
  declare details: string | null

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null
}
