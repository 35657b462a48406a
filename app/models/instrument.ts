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

  /** Annual % of a long position's notional per night (positive = credit); null: `swap` is charged. */
  @moneyColumn()
  declare swapLong: string | null

  /** Annual % of a short position's notional per night (positive = credit); null: `swap` is charged. */
  @moneyColumn()
  declare swapShort: string | null

  /** The largest net customer position in USD notional the house accepts (null: no limit). */
  @moneyColumn()
  declare exposureLimit: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
