import type User from '#models/user'
import { ROLE_LABELS, type RoleId } from '#domain/roles'
import type { StaffUserListRow } from '#domain/staff_lists/staff_users'

/** An account as the Admin & Staffs list and its form receive it (admin spec §3 Staff user); never the password. */
export function staffUserRow(
  user: User,
  whitelist: string | null,
  twoFactor = false
): StaffUserListRow {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    roleId: user.roleId,
    role: ROLE_LABELS[user.roleId as RoleId] ?? String(user.roleId),
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    whitelist,
    twoFactor,
  }
}
