import type User from '#models/user'

/** The form of an existing account, as the Admin & Staffs edit modal sends it back (password empty). */
export function staffUserFormOf(user: User, changes: Record<string, unknown> = {}) {
  return {
    fullName: user.fullName,
    email: user.email,
    password: '',
    roleId: user.roleId,
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    whitelist: null,
    ...changes,
  }
}
