import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import {
  BaseModel,
  beforeSave,
  beforeUpdate,
  belongsTo,
  column,
  hasMany,
  hasOne,
} from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { booleanColumn } from '#models/boolean_column'
import type { BelongsTo, HasMany, HasOne } from '@adonisjs/lucid/types/relations'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { DbRememberMeTokensProvider } from '@adonisjs/auth/session'
import type { RoleId } from '#domain/roles'
import Profile from '#models/profile'
import Balance from '#models/balance'
import PricingPlan from '#models/pricing_plan'
import KycDocument from '#models/kyc_document'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, AuthFinder) {
  static rememberMeTokens = DbRememberMeTokensProvider.forModel(User)

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare fullName: string

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string

  @column()
  declare roleId: RoleId

  @booleanColumn()
  declare isEmailVerified: boolean

  @column.dateTime()
  declare emailVerifiedAt: DateTime | null

  @booleanColumn()
  declare isActive: boolean

  @column()
  declare pricingTableId: number | null

  @column()
  declare activeBalanceId: number | null

  @column()
  declare promoCodeId: number | null

  @column.dateTime()
  declare lastAccessAt: DateTime | null

  /** Part of every session's stamp: bumping it ends all of this user's sessions (session_stamp.ts). */
  @column({ serializeAs: null })
  declare sessionGeneration: number

  /** Set when a user with records is deleted: deactivated and hidden, the row kept (staff_users actions). */
  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /** E-mail is stored lower-case on every write path, so uniqueness and login ignore case. */
  @beforeSave()
  static normalizeEmail(user: User) {
    if (user.$dirty.email) user.email = user.email.trim().toLowerCase()
  }

  /**
   * Ends every session of the user at once: the generation bump makes their
   * stamps stale, and remember-me tokens go so none is restored. An atomic
   * increment, so concurrent calls never cancel out.
   */
  static async endSessions(userId: number, client: QueryClientContract = db.connection()) {
    await client.from('users').where('id', userId).increment('session_generation', 1)
    await client.from('remember_me_tokens').where('tokenable_id', userId).delete()
  }

  /** A deactivated account is signed out everywhere, whichever screen deactivates it. */
  @beforeUpdate()
  static async endSessionsOnDeactivation(user: User) {
    if ('isActive' in user.$dirty && !user.isActive) await User.endSessions(user.id, user.$trx)
  }

  @hasOne(() => Profile)
  declare profile: HasOne<typeof Profile>

  @hasMany(() => Balance)
  declare balances: HasMany<typeof Balance>

  @belongsTo(() => PricingPlan, { foreignKey: 'pricingTableId' })
  declare pricingTable: BelongsTo<typeof PricingPlan>

  @hasMany(() => KycDocument)
  declare kycDocuments: HasMany<typeof KycDocument>
}
