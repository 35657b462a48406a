import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import type { LeadGroup, LeadSource } from '#domain/crm'
import User from '#models/user'
import SalesStatus from '#models/sales_status'
import LeadNote from '#models/lead_note'
import LeadCall from '#models/lead_call'

/**
 * A prospect or a customer as the sales floor works them (CRM spec §3). Who
 * may read a lead is decided in the queries (app/queries/lead_visibility.ts).
 */
export default class Lead extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare firstName: string | null

  @column()
  declare lastName: string | null

  /** Lower-cased (normalizeLeadEmail). */
  @column()
  declare email: string | null

  @column()
  declare phone: string | null

  @column()
  declare city: string | null

  @column()
  declare country: string | null

  @column()
  declare funnelLink: string | null

  @column()
  declare reference: string | null

  @column()
  declare leadSourceId: string | null

  @column()
  declare salesStatusId: number | null

  @belongsTo(() => SalesStatus)
  declare salesStatus: BelongsTo<typeof SalesStatus>

  /** The desk; null: a registered client no desk has taken yet. */
  @column()
  declare group: LeadGroup | null

  @column()
  declare source: LeadSource

  @column()
  declare affiliateId: number | null

  @belongsTo(() => User, { foreignKey: 'affiliateId' })
  declare affiliate: BelongsTo<typeof User>

  @column()
  declare managerId: number | null

  @belongsTo(() => User, { foreignKey: 'managerId' })
  declare manager: BelongsTo<typeof User>

  @column()
  declare agentId: number | null

  @belongsTo(() => User, { foreignKey: 'agentId' })
  declare agent: BelongsTo<typeof User>

  @column()
  declare retAgentId: number | null

  @belongsTo(() => User, { foreignKey: 'retAgentId' })
  declare retAgent: BelongsTo<typeof User>

  /** The customer account this lead became (spec: `linked`). */
  @column()
  declare userId: number | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => LeadNote)
  declare notes: HasMany<typeof LeadNote>

  @hasMany(() => LeadCall)
  declare calls: HasMany<typeof LeadCall>

  @column.dateTime()
  declare registeredAt: DateTime | null

  @column.dateTime()
  declare depositedAt: DateTime | null

  @column.dateTime()
  declare ftdAt: DateTime | null

  @column.dateTime()
  declare lastAccessAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
