import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#models/boolean_column'

/** A step of the sales funnel a lead can be at (CRM spec §2.5); exactly one is the default. */
export default class SalesStatus extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare status: string

  @booleanColumn()
  declare isDefault: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
