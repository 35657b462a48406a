import { Button, Chip } from '@heroui/react'
import { Link } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type CustomersController from '#controllers/staff/customers_controller'
import type { CustomerRow } from '#transformers/customer_transformer'
import { CUSTOMER_DELETE_ROLES } from '@domain/customers'
import { Roles } from '@domain/roles'
import { formatDay } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { userForm, type UserFormValues } from '~/components/staff/user_form'
import { useRowAction } from '~/hooks/use_row_action'
import { useServerList } from '~/hooks/use_server_list'
import { useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

const ADMIN_FORM = userForm('customers')
const MANAGER_FORM = userForm('customers', [Roles.CUSTOMER])

/**
 * All and Inactive Customers (CRM spec §2.8, heading '{type} Customers'
 * from the screen registry): the generic data table over
 * /admin/customers/api/{type} (ID, full name with the online dot, e-mail,
 * phone, birth date, country, role, e-mail verified, status, actions). Add
 * New is the Admin & Staffs user form with role User by default (a manager
 * adds customers only); Edit opens the customer's page; Delete (admins)
 * asks 'Are you sure to delete this user?'.
 */
function CustomersList({ type }: InferPageProps<CustomersController, 'all'>) {
  const { t } = useTranslation()
  const session = useSession()
  const roleId = session?.user.roleId
  const list = useServerList<CustomerRow>(route('admin.customers.list', { type }))
  const editor = useRecordEditor<CustomerRow, UserFormValues>({
    testId: 'customer',
    titles: { add: 'Add User', edit: 'Edit User' },
    ...(roleId === Roles.MANAGER ? MANAGER_FORM : ADMIN_FORM),
    createUrl: route('admin.customers.store'),
    updateUrl: (row) => route('admin.customers.update', { id: row.id }),
    rowId: (row) => row.id,
    onChanged: list.reload,
  })
  const deletion = useRowAction<CustomerRow, 'delete'>(
    {
      delete: {
        title: 'Delete',
        message: 'Are you sure to delete this user?',
        confirmLabel: 'Delete',
        confirmColor: 'danger',
        request: (row) => ({
          method: 'DELETE',
          url: route('admin.customers.destroy', { id: row.id }),
        }),
      },
    },
    { onDone: list.reload, testId: 'customer-delete-dialog' }
  )
  const mayDelete = !!roleId && CUSTOMER_DELETE_ROLES.includes(roleId)

  const flag = (on: boolean, yes: string, no: string) => (
    <Chip size="sm" variant="flat" color={on ? 'success' : 'danger'}>
      {t(on ? yes : no)}
    </Chip>
  )
  const columns: PagedColumn<CustomerRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    {
      key: 'fullName',
      label: 'Full Name',
      sortValue: (r) => r.fullName.toLowerCase(),
      render: (r) => (
        <span className="flex items-center gap-2">
          <span
            className={`inline-block h-2 w-2 shrink-0 rounded-full ${r.online ? 'bg-success' : 'bg-danger'}`}
            title={t(r.online ? 'Online' : 'Offline')}
            data-testid={`customer-online-${r.id}`}
            data-online={r.online ? 'yes' : 'no'}
          />
          {r.fullName}
        </span>
      ),
    },
    { key: 'email', label: 'Email', sortValue: (r) => r.email },
    { key: 'phone', label: 'Phone', render: (r) => r.phone ?? '-' },
    {
      key: 'birthDate',
      label: 'Birth Date',
      sortValue: (r) => r.birthDate ?? '',
      render: (r) => formatDay(r.birthDate, 'display'),
    },
    {
      key: 'country',
      label: 'Country',
      sortValue: (r) => r.country ?? '',
      render: (r) => r.country ?? '-',
    },
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
          <Button
            as={Link}
            href={route('admin.customers.edit', { id: r.id })}
            size="sm"
            variant="flat"
            data-testid={`customer-edit-${r.id}`}
          >
            {t('Edit')}
          </Button>
          {mayDelete && (
            <Button
              size="sm"
              color="danger"
              variant="flat"
              onPress={() => deletion.ask(r, 'delete')}
              data-testid={`customer-delete-${r.id}`}
            >
              {t('Delete')}
            </Button>
          )}
        </div>
      ),
    },
  ]

  return (
    <>
      <AdminDataTable
        label={type === 'all' ? 'All Customers' : 'Inactive Customers'}
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="customers"
        actions={editor.addButton}
      />
      {editor.modals}
      {deletion.dialog}
    </>
  )
}

export default function Customers(props: InferPageProps<CustomersController, 'all'>) {
  // One list per type: moving between All and Inactive starts the list afresh.
  return <CustomersList key={props.type} {...props} />
}

Customers.layout = staffLayout
