import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { moneyColumn } from '#models/money_column'

/** One position's swap for one rollover day; (order_id, rollover_date) is unique: charged exactly once. */
export default class SwapCharge extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare orderId: number

  @column()
  declare balanceId: number

  /** The New York day of the rollover, YYYY-MM-DD. */
  @column()
  declare rolloverDate: string

  /** Signed, in the wallet's currency: negative is a charge. */
  @moneyColumn()
  declare amount: string

  /** The annual percent applied. */
  @moneyColumn()
  declare rate: string

  @column()
  declare days: number

  /** The position's notional in the wallet's currency at the rollover's price. */
  @moneyColumn()
  declare notional: string

  @column()
  declare ledgerEntryId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
