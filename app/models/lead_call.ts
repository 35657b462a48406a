import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** One attempt to call a lead through the call centre: who asked, for which agent, what came back. */
export default class LeadCall extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare leadId: number

  @column()
  declare userId: number | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @column()
  declare agentEmail: string

  @column()
  declare result: 'started' | 'failed'

  @column()
  declare message: string | null

  @column()
  declare providerCallId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
