import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Balance from '#models/balance'
import type { Category } from '#domain/instruments'
import type {
  PendingExecution,
  PendingExpiry,
  PendingReason,
  PendingStatus,
} from '#domain/pending_orders'
import { moneyColumn } from '#models/money_column'

/** A limit or stop order waiting for its trigger (issue 23 item 1); the position it opens is an Order. */
export default class PendingOrder extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare balanceId: number

  @column()
  declare instrumentId: number | null

  @column()
  declare instrument: string

  @column()
  declare baseSymbol: string

  @column()
  declare quoteSymbol: string

  @column()
  declare kind: Category

  @column()
  declare type: 'buy' | 'sell'

  @column()
  declare execution: PendingExecution

  /** The trigger rate. */
  @moneyColumn()
  declare price: string

  @moneyColumn()
  declare tradeAmount: string

  /** Take-profit rate of the position it will open. */
  @moneyColumn()
  declare profit: string | null

  /** Stop-loss rate of the position it will open. */
  @moneyColumn()
  declare loss: string | null

  @column()
  declare expiry: PendingExpiry

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column()
  declare status: PendingStatus

  @column()
  declare reason: PendingReason | null

  @column()
  declare orderId: number | null

  @moneyColumn()
  declare fillRate: string | null

  /** The quote the fill used (execution evidence, issue 24 item 2). */
  @moneyColumn()
  declare fillBid: string | null

  @moneyColumn()
  declare fillAsk: string | null

  @column.dateTime()
  declare fillQuotedAt: DateTime | null

  @column()
  declare fillSource: string | null

  @column()
  declare cancelledById: number | null

  /** The margin at the trigger price when placed (nothing is reserved while pending). */
  @moneyColumn()
  declare marginRequired: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Balance)
  declare balance: BelongsTo<typeof Balance>
}
