import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { moneyColumn } from '#models/money_column'
import type { PaymentStatus } from '#domain/payments'

export default class Withdrawal extends BaseModel {
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
  declare declineReason: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
