import { Button, Chip } from '@heroui/react'
import type { StaffUserRow } from '#transformers/staff_user_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { userForm, type UserFormValues } from '~/components/staff/user_form'
import { twoFactorResetAction } from '~/components/staff/two_factor_reset_action'
import { useRowAction } from '~/hooks/use_row_action'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

const FORM = userForm('users')

/**
 * Admin & Staffs (admin spec §2, §3 Staff user, §8): the generic data table
 * over /admin/users/api (ID, full name, e-mail, role, e-mail verified,
 * status, actions); add and edit in the one record modal (the user form of
 * the 'users' list: role Admin by default, the staff roles to choose from),
 * delete behind 'Are you sure to delete this user?'; an account with a
 * second factor can have it reset (issue 12 item 3).
 */
export default function StaffUsers() {
  const { t } = useTranslation()
  const list = useServerList<StaffUserRow>(route('admin.users.list'))
  const editor = useRecordEditor<StaffUserRow, UserFormValues>({
    testId: 'user',
    titles: { add: 'Add User', edit: 'Edit User' },
    ...FORM,
    createUrl: route('admin.users.store'),
    updateUrl: (row) => route('admin.users.update', { id: row.id }),
    remove: {
      url: (row) => route('admin.users.destroy', { id: row.id }),
      message: 'Are you sure to delete this user?',
    },
    rowId: (row) => row.id,
    onChanged: list.reload,
  })
  const reset = useRowAction({ reset: twoFactorResetAction }, { onDone: list.reload })

  const flag = (on: boolean, yes: string, no: string) => (
    <Chip size="sm" variant="flat" color={on ? 'success' : 'danger'}>
      {t(on ? yes : no)}
    </Chip>
  )
  const columns: PagedColumn<StaffUserRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    { key: 'fullName', label: 'Full Name', sortValue: (r) => r.fullName.toLowerCase() },
    { key: 'email', label: 'Email', sortValue: (r) => r.email },
    { key: 'role', label: 'Role', sortValue: (r) => r.roleId, render: (r) => t(r.role) },
    {
      key: 'isEmailVerified',
      label: 'Email Verified',
      render: (r) => flag(r.isEmailVerified, 'Yes', 'No'),
    },
    { key: 'isActive', label: 'Status', render: (r) => flag(r.isActive, 'Active', 'Inactive') },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <div className="flex gap-2">
          {editor.rowButtons(r)}
          {r.twoFactor && (
            <Button
              size="sm"
              variant="flat"
              color="warning"
              onPress={() => reset.ask(r, 'reset')}
              data-testid={`two-factor-reset-${r.id}`}
            >
              {t('Reset 2FA')}
            </Button>
          )}
        </div>
      ),
    },
  ]

  return (
    <>
      <AdminDataTable
        label="Admin & Staffs"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="users"
        actions={editor.addButton}
      />
      {editor.modals}
      {reset.dialog}
    </>
  )
}

StaffUsers.layout = staffLayout
