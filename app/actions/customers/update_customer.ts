import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User from '#models/user'
import Profile from '#models/profile'
import PricingPlan from '#models/pricing_plan'
import { Roles, type RoleId } from '#domain/roles'
import { NO_CHOICE } from '#domain/customers'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { findVisibleCustomer } from '#queries/customer_visibility'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import liveStreams from '#services/live_streams'
import { announceSubscription } from '#services/market/catalog_news'
import {
  serializeAccountChanges,
  USER_SECRET_FIELDS,
  withUniqueEmail,
} from '#actions/staff_users/user_records'

export interface UpdateCustomerInput extends StaffContext {
  id: number
  fullName: string
  email: string
  /** A new password; absent keeps the current one. */
  password?: string
  phone?: string | null
  birthDate?: Date | null
  country?: string | null
  city?: string | null
  postalCode?: string | null
  address?: string | null
  /** -2 (none) or an active manager; ignored for a manager (their select is disabled) and on one's own page. */
  managerId?: number
  /** -2 (none) or a plan; ignored likewise. */
  pricingTableId?: number
  isEmailVerified?: boolean
  isActive?: boolean
}

export const MANAGER_CHOICE = 'Choose an active manager'
export const PLAN_CHOICE = 'Choose a plan from the list'

/**
 * Saves the edit customer page's Profile form (CRM spec §2.9, §7 PUT
 * /admin/customers/{id}) in one transaction with its `user.update` audit
 * row. A customer is found through `findVisibleCustomer` (404 outside the
 * viewer's customers); the signed-in staff member's own id edits their own
 * profile fields only (name, e-mail, password, phone, birth date, address).
 * Deactivating ends the account's sessions (the model's hook), as does a
 * new password; a new plan is applied to the risk engine's margin checks at
 * once (`announceSubscription`, the path a customer's own subscription
 * takes) and their open pages re-read their account. A plan set by staff is
 * not charged: it is a correction, not a purchase.
 */
export async function updateCustomer(input: UpdateCustomerInput) {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const own = input.id === input.staff.id
  const result = await db.transaction(async (trx) => {
    await serializeAccountChanges(trx, input.id)
    const user = own
      ? await User.query({ client: trx }).where('id', input.id).whereNull('deleted_at').first()
      : await findVisibleCustomer(
          { id: input.staff.id, roleId: input.staff.roleId as RoleId },
          input.id,
          { client: trx, forUpdate: true }
        )
    if (!user) throw new NotFoundException()
    const profile =
      (await Profile.query({ client: trx }).where('user_id', user.id).first()) ??
      new Profile().merge({ userId: user.id })
    profile.useTransaction(trx)
    const before = customerAudit(user, profile)

    user.merge({ fullName: input.fullName, email: input.email })
    if (input.password !== undefined) user.password = input.password
    profile.merge(profileFields(input))
    const picksManagerAndPlan = !own && input.staff.roleId === Roles.ADMIN
    if (!own) {
      if (input.isActive !== undefined) user.isActive = input.isActive
      if (input.isEmailVerified !== undefined && input.isEmailVerified !== user.isEmailVerified) {
        user.isEmailVerified = input.isEmailVerified
        user.emailVerifiedAt = input.isEmailVerified ? DateTime.now() : null
      }
    }
    if (picksManagerAndPlan && input.managerId !== undefined)
      profile.managerId = await managerChoice(trx, input.managerId)
    if (picksManagerAndPlan && input.pricingTableId !== undefined)
      user.pricingTableId = await planChoice(trx, input.pricingTableId)

    const planChanged = user.$dirty.pricingTableId !== undefined
    const passwordChanged = input.password !== undefined
    const deactivated = user.$dirty.isActive !== undefined && !user.isActive
    // Deactivation ends the sessions in the model's own hook; a new password here.
    await withUniqueEmail(() => user.useTransaction(trx).save())
    await profile.save()
    if (passwordChanged && !deactivated) await User.endSessions(user.id, trx)

    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'user.update',
      target: { type: 'user', id: user.id },
      before,
      after: customerAudit(user, profile),
      secretFields: USER_SECRET_FIELDS,
    })
    return { user, profile, planChanged, endsSessions: passwordChanged || deactivated, own }
  })
  if (result.planChanged) {
    announceSubscription(result.user.id)
    emitter.emit('wallet:changed', { userId: result.user.id })
  }
  if (result.endsSessions) await liveStreams.sweep([result.user.id])
  return result
}

function profileFields(input: UpdateCustomerInput): Partial<Profile> {
  const fields: Partial<Profile> = {}
  if (input.phone !== undefined) fields.phone = input.phone
  if (input.birthDate !== undefined)
    fields.birthDate = input.birthDate ? DateTime.fromJSDate(input.birthDate) : null
  if (input.country !== undefined) fields.country = input.country
  if (input.city !== undefined) fields.city = input.city
  if (input.postalCode !== undefined) fields.postalCode = input.postalCode
  if (input.address !== undefined) fields.address = input.address
  return fields
}

/** -2 is none; otherwise an active, non-deleted manager (422 under managerId). */
async function managerChoice(trx: TransactionClientContract, id: number) {
  if (id === NO_CHOICE) return null
  const manager = isStorableId(id)
    ? await trx
        .from('users')
        .where('id', id)
        .where('role_id', Roles.MANAGER)
        .where('is_active', true)
        .whereNull('deleted_at')
        .first()
    : null
  if (!manager) throw new UserFacingException(MANAGER_CHOICE, { field: 'managerId' })
  return id
}

/** -2 is none; otherwise a plan that exists (422 under pricingTableId). */
async function planChoice(trx: TransactionClientContract, id: number) {
  if (id === NO_CHOICE) return null
  const plan = isStorableId(id)
    ? await PricingPlan.query({ client: trx }).where('id', id).forShare().first()
    : null
  if (!plan) throw new UserFacingException(PLAN_CHOICE, { field: 'pricingTableId' })
  return id
}

/** What the audit log keeps of the form (the password masked: only that it changed). */
function customerAudit(user: User, profile: Profile) {
  return {
    fullName: user.fullName,
    email: user.email,
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    pricingTableId: user.pricingTableId,
    password: user.password,
    phone: profile.phone,
    birthDate: profile.birthDate ? profile.birthDate.toISODate() : null,
    country: profile.country,
    city: profile.city,
    postalCode: profile.postalCode,
    address: profile.address,
    managerId: profile.managerId,
  }
}
