import { ROLE_LABELS, Roles, STAFF_ROLES, type RoleId } from './roles.js'

/**
 * Admin & Staffs (admin spec §2, §3 Staff user; issue 12 items 1 and 2): the
 * rules of the user form, free of the database. Browser-safe: the page and
 * the customers list (a later issue) build the form from it.
 */

/** Which list the user form is on (admin spec §2: the path segment after /admin, 'users' or not). */
export type UserList = 'users' | 'customers'

/** The roles the Admin & Staffs list shows. */
export const STAFF_LIST_ROLES: readonly RoleId[] = STAFF_ROLES

/** admin spec §2: the segment after /admin names the list: 'users' is the staff list, anything else the customers. */
export function userListAt(path: string): UserList {
  return path.split('/').filter(Boolean)[1] === 'users' ? 'users' : 'customers'
}

/** The role choices (admin spec §3): the staff roles, and User too on the customers list. */
export function roleChoices(list: UserList): { value: RoleId; label: string }[] {
  const roles: RoleId[] =
    list === 'users'
      ? [Roles.ADMIN, Roles.MANAGER, Roles.AFFILIATE, Roles.SALES_AGENT, Roles.RETENTION_AGENT]
      : [
          Roles.ADMIN,
          Roles.MANAGER,
          Roles.CUSTOMER,
          Roles.AFFILIATE,
          Roles.SALES_AGENT,
          Roles.RETENTION_AGENT,
        ]
  return roles.map((value) => ({ value, label: ROLE_LABELS[value] }))
}

/** admin spec §3: Admin on the admin-users list, User on the customers list. */
export function defaultRoleFor(list: UserList): RoleId {
  return list === 'users' ? Roles.ADMIN : Roles.CUSTOMER
}

export const isStaffRole = (roleId: number) => STAFF_ROLES.includes(roleId as RoleId)

/** An account as the rules below see it. */
export interface AccountState {
  id: number
  roleId: number
  isActive: boolean
}

export type UserChange = { kind: 'update'; roleId: number; isActive: boolean } | { kind: 'delete' }

export interface Refusal {
  message: string
  field?: 'roleId' | 'isActive'
}

const isActiveAdmin = (account: { roleId: number; isActive: boolean }) =>
  account.roleId === Roles.ADMIN && account.isActive

/**
 * Why a change to an account is refused, or null (issue 12 item 1): nobody
 * deletes or deactivates themselves or changes their own role (a slip would
 * lock them out), and the last active admin is never removed, deactivated
 * or given another role. `otherActiveAdmins` counts the active admins
 * besides the target, read under the admin lock (app/actions/staff_users).
 */
export function userChangeRefusal(input: {
  actorId: number
  target: AccountState
  change: UserChange
  otherActiveAdmins: number
}): Refusal | null {
  const { actorId, target, change } = input
  const self = actorId === target.id
  if (change.kind === 'delete') {
    if (self) return { message: 'You cannot delete your own account' }
    if (isActiveAdmin(target) && input.otherActiveAdmins === 0)
      return { message: 'The last active admin cannot be deleted' }
    return null
  }
  if (self && !change.isActive)
    return { message: 'You cannot deactivate your own account', field: 'isActive' }
  if (self && change.roleId !== target.roleId)
    return { message: 'You cannot change your own role', field: 'roleId' }
  if (isActiveAdmin(target) && !isActiveAdmin(change) && input.otherActiveAdmins === 0) {
    return change.isActive
      ? { message: 'The last active admin cannot be given another role', field: 'roleId' }
      : { message: 'The last active admin cannot be deactivated', field: 'isActive' }
  }
  return null
}

/** The answer to a delete: a real delete, or kept (deactivated and hidden) because records name the user. */
export const DELETE_MESSAGES = {
  deleted: 'User deleted successfully',
  kept: 'User deactivated: their records are kept',
} as const

/**
 * The IP whitelist limits staff sign-ins only (issue 21 item 8): a customer
 * (role 3) has none, so one sent for a customer is refused rather than
 * stored unused. Answers the refusal's message, or null.
 */
export function customerWhitelistRefusal(
  roleId: number,
  whitelist: string | null | undefined
): string | null {
  return roleId === Roles.CUSTOMER && whitelist ? 'A customer has no IP whitelist' : null
}
