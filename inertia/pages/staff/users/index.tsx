import { STAFF_USER_LIST } from '@domain/staff_lists/staff_users'
import { declaredListPage } from '~/components/data/declared_list_page'
import { userForm } from '~/components/staff/user_form'
import { twoFactorResetAction } from '~/components/staff/two_factor_reset_action'

/**
 * Admin & Staffs (admin spec §2, §3 Staff user, §8), built from its
 * declaration, with the user form of the 'users' list (role Admin by
 * default, the staff roles to choose from) and the reset of a second factor
 * (issue 12 item 3) on the accounts that have one.
 */
export default declaredListPage(STAFF_USER_LIST, {
  form: userForm('users'),
  rowActions: {
    reset: {
      spec: twoFactorResetAction,
      label: 'Reset 2FA',
      color: 'warning',
      when: (row) => row.twoFactor,
      testId: (row) => `two-factor-reset-${row.id}`,
    },
  },
})
