import type { RowActionSpec } from '~/hooks/use_row_action'
import { route } from '~/lib/routes'

type Row = { id: number }

/**
 * The admin's "reset two-factor login" of a user (DELETE /admin/users/{id}/two-factor,
 * role 1), for the Admin & Staffs page's useRowAction.
 */
export const twoFactorResetAction: RowActionSpec<Row> = {
  title: 'Reset two-factor login',
  message:
    "The user's authenticator key and recovery codes are removed and all their sessions end. Staff set up a new key at their next login.",
  confirmLabel: 'Reset',
  confirmColor: 'danger',
  testId: 'two-factor-reset-dialog',
  request: (row) => ({
    method: 'DELETE',
    url: route('admin.users.two_factor.reset', { id: row.id }),
  }),
}
