import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { KycDocumentType, KycStatus } from '#domain/kyc'
import User from '#models/user'

export default class KycDocument extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare type: KycDocumentType

  @column()
  declare frontPath: string | null

  @column()
  declare backPath: string | null

  @column()
  declare addressPath: string | null

  @column()
  declare status: Exclude<KycStatus, 'not_submitted'>

  @column()
  declare declineReason: string | null

  @column()
  declare reviewedById: number | null

  @column.dateTime()
  declare reviewedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** The staff user who approved or declined it last. */
  @belongsTo(() => User, { foreignKey: 'reviewedById' })
  declare reviewedBy: BelongsTo<typeof User>
}
