import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import Profile from '#models/profile'
import { Roles } from '#domain/roles'
import { customerWhitelistRefusal } from '#domain/staff_users'
import { UserFacingException } from '#exceptions/user_facing_exception'
import settings from '#services/settings_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { openSignupWallets } from '#actions/auth/customer_account'
import { linkSignupLead } from '#actions/leads/link_signup_lead'
import {
  saveWhitelist,
  userAudit,
  USER_SECRET_FIELDS,
  withUniqueEmail,
  type UserFields,
} from '#actions/staff_users/user_records'

export interface CreateUserInput extends UserFields, StaffContext {
  password: string
  /** The customer's manager (a manager adding from the customers list manages whom they add). */
  managerId?: number | null
}

/**
 * Adds an account from the user form (admin spec §2 Admin & Staffs, §7 POST
 * /admin/users): the password hashed as sign-up hashes it (the model's auth
 * mixin), an empty profile, the whitelist, and the audit row, in one
 * transaction. A customer (role User, from the customers list) also gets
 * sign-up's wallets and lead (a manual one, or the lead their e-mail already
 * has, linked), so the account works like a registered one and the CRM sees it.
 */
export async function createUser(input: CreateUserInput) {
  const whitelistRefusal = customerWhitelistRefusal(input.roleId, input.whitelist)
  if (whitelistRefusal) throw new UserFacingException(whitelistRefusal, { field: 'whitelist' })
  // Read before the transaction: a read on the global connection inside it waits for SQLite's
  // only pooled connection, which the transaction holds (docs/DECISIONS.md, "Reads inside a transaction").
  const site = await settings.site()
  return db.transaction(async (trx) => {
    const user = await withUniqueEmail(() =>
      User.create(
        {
          fullName: input.fullName,
          email: input.email,
          password: input.password,
          roleId: input.roleId as User['roleId'],
          isEmailVerified: input.isEmailVerified,
          emailVerifiedAt: input.isEmailVerified ? DateTime.now() : null,
          isActive: input.isActive,
        },
        { client: trx }
      )
    )
    await Profile.create({ userId: user.id, managerId: input.managerId ?? null }, { client: trx })
    if (user.roleId === Roles.CUSTOMER) {
      await openSignupWallets(trx, user, site.appCurrencies[0], site.demoBalance)
      await linkSignupLead(trx, {
        userId: user.id,
        fullName: user.fullName,
        email: user.email,
        phone: null,
        country: null,
        city: null,
        promoCodeId: null,
        source: 'manual',
        managerId: input.managerId ?? null,
      })
    }
    const whitelist = input.whitelist ?? null
    await saveWhitelist(trx, user.id, whitelist)
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'user.create',
      target: { type: 'user', id: user.id },
      after: userAudit(user, whitelist),
      secretFields: USER_SECRET_FIELDS,
    })
    return { user, whitelist }
  })
}
