import { DateTime } from 'luxon'
import type User from '#models/user'
import type Profile from '#models/profile'
import type Balance from '#models/balance'
import { ROLE_LABELS, type RoleId } from '#domain/roles'
import { maskEmail, maskPhone } from '#domain/masking'
import { toFixedString } from '#domain/money'
import type { CustomerPageAccess } from '#domain/customers'

/** A date column as the page shows it: YYYY-MM-DD (SQLite gives text, PostgreSQL a Date). */
function dayOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()
  if (DateTime.isDateTime(value)) return value.toISODate()
  return String(value).slice(0, 10)
}

/**
 * One row of the customers list (CRM spec §2.8, §3 Customer): ID, full name
 * with the online dot, e-mail, phone, birth date, country, role, e-mail
 * verified, status. The fields the user form edits ride along (the add-new
 * modal is the Admin & Staffs one). Never the password.
 */
export function customerRow(
  user: User,
  extra: { phone: string | null; birthDate: unknown; country: string | null; online: boolean }
) {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phone: extra.phone,
    birthDate: dayOf(extra.birthDate),
    country: extra.country,
    roleId: user.roleId,
    role: ROLE_LABELS[user.roleId as RoleId] ?? String(user.roleId),
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    online: extra.online,
    whitelist: null as string | null,
  }
}

export type CustomerRow = ReturnType<typeof customerRow>

/** A wallet card of the left panel (§3 Customer balances[]). */
export function customerBalance(wallet: Balance) {
  return {
    id: wallet.id,
    mode: wallet.mode,
    currency: wallet.currency,
    balance: toFixedString(wallet.balance),
  }
}

/**
 * The edit customer page's account (CRM spec §2.9, §3 Customer). For a
 * viewer who sees it obscured (`access.masked`: role 6 always, role 5 with
 * showUserInfoAgent off) the e-mail and phone are masked here, so the real
 * values never leave the server. The password is never sent.
 */
export function customerDetail(
  user: User,
  profile: Profile | null,
  balances: Balance[],
  access: CustomerPageAccess
) {
  const phone = profile?.phone ?? null
  return {
    id: user.id,
    fullName: user.fullName,
    email: access.masked ? maskEmail(user.email) : user.email,
    roleId: user.roleId,
    role: ROLE_LABELS[user.roleId as RoleId] ?? String(user.roleId),
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    pricingTableId: user.pricingTableId,
    profile: {
      phone: access.masked ? (phone ? maskPhone(phone) : null) : phone,
      birthDate: dayOf(profile?.birthDate ?? null),
      country: profile?.country ?? null,
      city: profile?.city ?? null,
      postalCode: profile?.postalCode ?? null,
      address: profile?.address ?? null,
      managerId: profile?.managerId ?? null,
    },
    balances: balances.map(customerBalance),
  }
}

export type CustomerDetail = ReturnType<typeof customerDetail>
