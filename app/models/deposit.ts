import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Balance from '#models/balance'
import { moneyColumn } from '#models/money_column'
import type { PaymentStatus } from '#domain/payments'

export default class Deposit extends BaseModel {
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

  @column()
  declare txRef: string

  @column()
  declare providerReference: string | null

  @column()
  declare paymentLink: string | null

  @column()
  declare proofPath: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Balance)
  declare balance: BelongsTo<typeof Balance>

  @belongsTo(() => User, { foreignKey: 'decidedById' })
  declare decidedBy: BelongsTo<typeof User>
}
