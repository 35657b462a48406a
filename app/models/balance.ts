import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { moneyColumn } from '#models/money_column'
import LedgerEntry from '#models/ledger_entry'

export type WalletMode = 'demo' | 'real'

/** A wallet: one per user, mode and currency. Changed only through the ledger service. */
export default class Balance extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare mode: WalletMode

  @column()
  declare currency: string

  @moneyColumn()
  declare balance: string

  @moneyColumn()
  declare margin: string

  @moneyColumn()
  declare onHold: string

  @column()
  declare version: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => LedgerEntry)
  declare entries: HasMany<typeof LedgerEntry>
}
