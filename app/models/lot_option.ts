import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { moneyColumn } from '#models/money_column'

/** One entry of the lot selector (admin spec, Lot Settings). */
export default class LotOption extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare label: string

  @moneyColumn()
  declare value: string

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
