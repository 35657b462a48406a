import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { moneyColumn } from '#models/money_column'

/**
 * One margin-call episode of a wallet (issue 24 item 5): opened when its
 * margin level falls to the site's margin-call level, ended when it recovers
 * or nothing is left open. A partial unique index allows one open episode per
 * wallet, which makes the notice and the e-mail once per episode.
 */
export default class MarginCall extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare balanceId: number

  /** The margin level in percent when the episode opened. */
  @moneyColumn()
  declare marginLevel: string

  @column.dateTime()
  declare startedAt: DateTime

  @column.dateTime()
  declare endedAt: DateTime | null

  @column.dateTime()
  declare emailedAt: DateTime | null
}
