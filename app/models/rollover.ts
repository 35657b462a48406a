import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One rollover day's run: started, and finished once every open position was charged. */
export default class Rollover extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** The New York day of the rollover, YYYY-MM-DD. */
  @column()
  declare rolloverDate: string

  /** Positions charged or credited for this day (all runs together). */
  @column()
  declare positions: number

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare finishedAt: DateTime | null
}
