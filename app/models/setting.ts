import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Setting extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare key: string

  @column({ columnName: 'value1' })
  declare value1: string | null

  @column({ columnName: 'value2' })
  declare value2: string | null

  @column({ columnName: 'value3' })
  declare value3: string | null

  @column({ columnName: 'value4' })
  declare value4: string | null

  @column({ columnName: 'value5' })
  declare value5: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
