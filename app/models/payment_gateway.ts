import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#models/boolean_column'
import { moneyColumn } from '#models/money_column'

/** Keys are secrets: they are never serialized to a page. */
export default class PaymentGateway extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare value: string

  @column()
  declare kind: 'automatic' | 'manual'

  @column({ columnName: 'key1', serializeAs: null })
  declare key1: string | null

  @column({ columnName: 'key2', serializeAs: null })
  declare key2: string | null

  @column({ columnName: 'key3', serializeAs: null })
  declare key3: string | null

  @column({ columnName: 'key4', serializeAs: null })
  declare key4: string | null

  @column({ columnName: 'key5', serializeAs: null })
  declare key5: string | null

  @moneyColumn()
  declare fee: string

  @booleanColumn()
  declare isActive: boolean

  @column()
  declare logoPath: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
