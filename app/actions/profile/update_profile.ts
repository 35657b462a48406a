import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#models/user'
import Profile from '#models/profile'

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
export async function updateProfile(user: User, input: UpdateProfileInput, allowPhone: boolean) {
  await db.transaction(async (trx) => {
    user.useTransaction(trx)
    user.fullName = input.fullName
    await user.save()

    const profile =
      (await Profile.query({ client: trx }).where('user_id', user.id).first()) ??
      new Profile().useTransaction(trx).merge({ userId: user.id })
    profile.useTransaction(trx)
    if (allowPhone && input.phone !== undefined) profile.phone = input.phone
    if (input.birthDate !== undefined) profile.birthDate = DateTime.fromJSDate(input.birthDate)
    if (input.country !== undefined) profile.country = input.country
    if (input.city !== undefined) profile.city = input.city
    if (input.address !== undefined) profile.address = input.address
    if (input.postalCode !== undefined) profile.postalCode = input.postalCode
    await profile.save()
  })
}
