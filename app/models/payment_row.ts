import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Balance from '#models/balance'
import { moneyColumn } from '#models/money_column'
import type { PaymentStatus } from '#domain/payments'

/**
 * The columns and relations a deposit and a withdrawal share, written once.
 * Lucid's boot gives each subclass a copy of its parent's column and relation
 * definitions, while the table name is never inherited: Deposit and
 * Withdrawal keep their own tables (deposits, withdrawals). Only Deposit and
 * Withdrawal import this file, so it is never queried on its own.
 */
export default abstract class PaymentRow extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare balanceId: number

  @column()
  declare gateway: string

  @moneyColumn()
  declare amount: string

  @moneyColumn()
  declare fee: string

  @moneyColumn()
  declare total: string

  @column()
  declare description: string | null

  @column()
  declare status: PaymentStatus

  @moneyColumn()
  declare balanceAfter: string | null

  @column()
  declare decidedById: number | null

  @column.dateTime()
  declare decidedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Balance)
  declare balance: BelongsTo<typeof Balance>

  /** The staff user who approved or declined it. */
  @belongsTo(() => User, { foreignKey: 'decidedById' })
  declare decidedBy: BelongsTo<typeof User>
}
