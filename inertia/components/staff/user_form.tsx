import { useTranslation } from '~/hooks/use_translation'
import type { ApiForm } from '~/hooks/use_api_form'
import type { StaffUserListRow } from '@domain/staff_lists/staff_users'
import { defaultRoleFor, roleChoices, type UserList } from '@domain/staff_users'
import { Roles, type RoleId } from '@domain/roles'
import { TextField } from '~/components/form/text_field'
import { SelectField } from '~/components/form/select_field'
import { SwitchField } from '~/components/form/switch_field'
import { EMAIL_PATTERN } from '~/lib/rules'
import { useSession } from '~/hooks/use_shared'
import { OwnCredentialProof } from '~/components/form/own_credential_proof'

/** The user form's values (admin spec §3 Staff user). */
export type UserFormValues = {
  fullName: string
  email: string
  password: string
  roleId: string
  isEmailVerified: boolean
  isActive: boolean
  whitelist: string
  currentPassword: string
  twoFactorCode: string
}

/** A row the form edits: the Admin & Staffs row, or a customers-list row of the same shape. */
export type UserFormRow = Pick<
  StaffUserListRow,
  'id' | 'fullName' | 'email' | 'roleId' | 'isEmailVerified' | 'isActive' | 'whitelist'
>

/**
 * The one user form (admin spec §2 Admin & Staffs: the add-user modal takes
 * the list it is on — 'users' for staff, anything else for customers — for
 * the default role and the role choices), for `useRecordEditor`: spread its
 * `initial`, `rules`, `fields` and `body` into the editor's spec. `only`
 * narrows the role choices (a manager on the customers list adds customers).
 */
export function userForm(list: UserList, only?: readonly RoleId[]) {
  const choices = roleChoices(list)
    .filter((c) => !only || only.includes(c.value))
    .map((c) => ({ value: String(c.value), label: c.label }))
  return {
    initial: (row: UserFormRow | null): UserFormValues => ({
      fullName: row?.fullName ?? '',
      email: row?.email ?? '',
      password: '',
      roleId: String(row?.roleId ?? defaultRoleFor(list)),
      isEmailVerified: row?.isEmailVerified ?? true,
      isActive: row?.isActive ?? true,
      whitelist: row?.whitelist ?? '',
      currentPassword: '',
      twoFactorCode: '',
    }),
    rules: (v: UserFormValues, row: UserFormRow | null) => ({
      fullName: v.fullName.trim() ? undefined : 'Full name is required',
      email: !v.email.trim()
        ? 'Email is required'
        : EMAIL_PATTERN.test(v.email.trim())
          ? undefined
          : 'Invalid email',
      password:
        !v.password && !row
          ? 'Password is required'
          : v.password && v.password.length < 8
            ? 'Password must be at least 8 characters'
            : undefined,
    }),
    fields: (form: ApiForm<UserFormValues>, row: UserFormRow | null) => (
      <UserFields form={form} choices={choices} row={row} />
    ),
    body: (v: UserFormValues) => ({
      fullName: v.fullName.trim(),
      email: v.email.trim(),
      password: v.password,
      roleId: Number(v.roleId),
      isEmailVerified: v.isEmailVerified,
      isActive: v.isActive,
      // A customer has no IP whitelist (the server refuses one): the hidden field sends none.
      whitelist: Number(v.roleId) === Roles.CUSTOMER ? null : v.whitelist.trim() || null,
      // Only one's own account asks for these (a new password or e-mail); blank is none.
      currentPassword: v.currentPassword,
      twoFactorCode: v.twoFactorCode.trim(),
    }),
  }
}

function UserFields(props: {
  form: ApiForm<UserFormValues>
  choices: { value: string; label: string }[]
  row: UserFormRow | null
}) {
  const { t } = useTranslation()
  const { form } = props
  const editing = props.row !== null
  const own = editing && props.row?.id === useSession()?.user.id
  return (
    <>
      <TextField form={form} name="fullName" label="Full Name" />
      <TextField form={form} name="email" label="Email" type="email" />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        description={editing ? t('Leave empty to keep the current password') : undefined}
      />
      {own && <OwnCredentialProof form={form} />}
      <SelectField
        form={form}
        name="roleId"
        label="Role"
        options={props.choices.map((c) => ({ value: c.value, label: t(c.label) }))}
      />
      <SwitchField form={form} name="isEmailVerified" label="Email Verified" />
      <SwitchField form={form} name="isActive" label="Active" />
      {/* The whitelist limits staff sign-ins: no field for a customer (issue 21 item 8). */}
      {Number(form.values.roleId) !== Roles.CUSTOMER && (
        <TextField
          form={form}
          name="whitelist"
          label="Whitelist"
          placeholder="203.0.113.7, 10.0.0.0/8"
          description={t(
            'IP addresses or CIDR ranges separated by commas; blank disables the check'
          )}
        />
      )}
    </>
  )
}
