import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import Balance from '#models/balance'
import type { Category } from '#domain/instruments'
import { moneyColumn } from '#models/money_column'

export default class Order extends BaseModel {
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

  @moneyColumn()
  declare tradeAmount: string

  @moneyColumn()
  declare openRate: string

  @moneyColumn()
  declare closeRate: string | null

  @column.dateTime()
  declare closeTime: DateTime | null

  /** Take-profit rate. */
  @moneyColumn()
  declare profit: string | null

  /** Stop-loss rate. */
  @moneyColumn()
  declare loss: string | null

  /** Trailing-stop distance in price units (null: no trailing); the market role moves `loss` behind the price. */
  @moneyColumn()
  declare trailingDistance: string | null

  @moneyColumn()
  declare spread: string

  @moneyColumn()
  declare exchangeRate: string

  @moneyColumn()
  declare marginUsed: string

  @column()
  declare leverage: number

  @moneyColumn()
  declare proLoss: string | null

  @column()
  declare closeReason: string | null

  /**
   * Overnight swaps posted so far (signed, wallet currency; negative = charged): not a column, the
   * sum of the position's swap_charges, set by `withSwaps` (#queries/position_swaps) where shown.
   */
  declare swap?: string

  /** Execution evidence of the close (issue 24 item 2): the quote it used… */
  @moneyColumn()
  declare closeBid: string | null

  @moneyColumn()
  declare closeAsk: string | null

  @column.dateTime()
  declare closeQuotedAt: DateTime | null

  @column()
  declare closeSource: string | null

  /** …and, for a stop-out, the account at the trigger. */
  @moneyColumn()
  declare closeEquity: string | null

  @moneyColumn()
  declare closeMargin: string | null

  @moneyColumn()
  declare closeMarginLevel: string | null

  /** A partial close's own closed row names the ticket it was closed from (still open or closed later). */
  @column()
  declare parentOrderId: number | null

  /** Set when staff deleted the trade: the row stays for the audit trail, hidden from lists and totals. */
  @column.dateTime()
  declare deletedAt: DateTime | null

  @column()
  declare deletedBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Balance)
  declare balance: BelongsTo<typeof Balance>
}
