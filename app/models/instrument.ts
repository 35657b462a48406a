import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#models/boolean_column'
import type { Category } from '#domain/instruments'
import { moneyColumn } from '#models/money_column'

export default class Instrument extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare base: string

  @column()
  declare quote: string

  @column()
  declare alias: string | null

  @column()
  declare category: Category

  @moneyColumn()
  declare bids: string | null

  @moneyColumn()
  declare asks: string | null

  @column()
  declare leverage: number

  @booleanColumn()
  declare tradable: boolean

  @column()
  declare tradingview: string | null

  @moneyColumn()
  declare swap: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
