import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CandleInterval } from '#domain/candles'
import { moneyColumn } from '#models/money_column'

export default class Candle extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare instrument: string

  @column()
  declare interval: CandleInterval

  /** PostgreSQL returns bigint as a string. */
  @column({ consume: (v: unknown) => Number(v) })
  declare startMs: number

  @moneyColumn()
  declare open: string

  @moneyColumn()
  declare high: string

  @moneyColumn()
  declare low: string

  @moneyColumn()
  declare close: string

  @column()
  declare ticks: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
