import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#models/user'
import Profile from '#models/profile'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'

export interface UpdateProfileInput {
  fullName: string
  phone?: string
  birthDate?: Date
  country?: string
  city?: string
  address?: string
  postalCode?: string
}

/**
 * Saves the personal information form. Fields left out keep their value;
 * an agent-type session cannot change the phone (`allowPhone` false).
 */
export async function updateProfile(
  user: User,
  input: UpdateProfileInput,
  allowPhone: boolean,
  actingStaff: StaffContext | null = null
) {
  await db.transaction(async (trx) => {
    user.useTransaction(trx)
    const fullNameBefore = user.fullName
    user.fullName = input.fullName
    await user.save()

    const profile =
      (await Profile.query({ client: trx }).where('user_id', user.id).first()) ??
      new Profile().useTransaction(trx).merge({ userId: user.id })
    profile.useTransaction(trx)
    const before = { fullName: fullNameBefore, ...profileFields(profile) }
    if (allowPhone && input.phone !== undefined) profile.phone = input.phone
    if (input.birthDate !== undefined) profile.birthDate = DateTime.fromJSDate(input.birthDate)
    if (input.country !== undefined) profile.country = input.country
    if (input.city !== undefined) profile.city = input.city
    if (input.address !== undefined) profile.address = input.address
    if (input.postalCode !== undefined) profile.postalCode = input.postalCode
    await profile.save()
    await recordActingStaffWrite(trx, actingStaff, {
      action: 'customer_session.profile_update',
      customerId: user.id,
      before,
      after: { fullName: user.fullName, ...profileFields(profile) },
    })
  })
}

/** The profile's fields as the audit row of a login-as edit compares them. */
function profileFields(profile: Profile) {
  return {
    phone: profile.phone ?? null,
    birthDate: profile.birthDate?.toISODate() ?? null,
    country: profile.country ?? null,
    city: profile.city ?? null,
    address: profile.address ?? null,
    postalCode: profile.postalCode ?? null,
  }
}
