import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Profile extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare phone: string | null

  @column.date()
  declare birthDate: DateTime | null

  @column()
  declare country: string | null

  @column()
  declare city: string | null

  @column()
  declare address: string | null

  @column()
  declare postalCode: string | null

  @column()
  declare managerId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
