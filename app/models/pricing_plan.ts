import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#models/boolean_column'
import { moneyColumn } from '#models/money_column'

/** A pricing plan: a price and, per category, a leverage and a stop-out percent. */
export default class PricingPlan extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare description: string | null

  @moneyColumn()
  declare price: string

  @column()
  declare forexLeverage: number | null

  @column()
  declare commodityLeverage: number | null

  @column()
  declare indexLeverage: number | null

  @column()
  declare stockLeverage: number | null

  @column()
  declare cryptoLeverage: number | null

  @moneyColumn()
  declare forexStopout: string | null

  @moneyColumn()
  declare commodityStopout: string | null

  @moneyColumn()
  declare indexStopout: string | null

  @moneyColumn()
  declare stockStopout: string | null

  @moneyColumn()
  declare cryptoStopout: string | null

  /** Its customers pay and earn no overnight swap. */
  @booleanColumn()
  declare swapFree: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
