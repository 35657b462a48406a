import type { StaffListDeclaration } from '../staff_list.js'

/** An account as the Admin & Staffs list and its form receive it (admin spec §3 Staff user); never the password. */
export interface StaffUserListRow {
  id: number
  fullName: string
  email: string
  roleId: number
  role: string
  isEmailVerified: boolean
  isActive: boolean
  whitelist: string | null
  /** Whether the account has a second factor an admin could reset. */
  twoFactor: boolean
}

/**
 * Admin & Staffs (admin spec §2, §3 Staff user, §8): ID, full name, e-mail,
 * role, e-mail verified, status, actions; add and edit in the one record
 * modal (the user form the customers' list shares, brought by the page),
 * delete behind 'Are you sure to delete this user?'; an account with a second
 * factor can have it reset (issue 12 item 3, the page's own row action).
 */
export const STAFF_USER_LIST: StaffListDeclaration<StaffUserListRow> = {
  screen: 'admin.users.index',
  api: {
    list: 'admin.users.list',
    store: 'admin.users.store',
    update: 'admin.users.update',
    destroy: 'admin.users.destroy',
  },
  label: 'Admin & Staffs',
  testId: 'users',
  editorTestId: 'user',
  columns: [
    { key: 'id', label: 'ID', kind: 'id' },
    { key: 'fullName', label: 'Full Name', kind: 'text' },
    { key: 'email', label: 'Email', kind: 'text' },
    { key: 'role', label: 'Role', kind: 'label', sortBy: 'roleId' },
    { key: 'isEmailVerified', label: 'Email Verified', kind: 'yesNo', noColor: 'danger' },
    {
      key: 'isActive',
      label: 'Status',
      kind: 'yesNo',
      yes: 'Active',
      no: 'Inactive',
      noColor: 'danger',
    },
  ],
  writes: ['store', 'update', 'destroy'],
  form: { titles: { add: 'Add User', edit: 'Edit User' } },
  deleteMessage: 'Are you sure to delete this user?',
}
