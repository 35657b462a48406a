import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeSave, belongsTo, column, hasMany, hasOne } from '@adonisjs/lucid/orm'
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /** E-mail is stored lower-case on every write path, so uniqueness and login ignore case. */
  @beforeSave()
  static normalizeEmail(user: User) {
    if (user.$dirty.email) user.email = user.email.trim().toLowerCase()
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
