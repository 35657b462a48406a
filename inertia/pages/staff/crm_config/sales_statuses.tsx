import { Chip } from '@heroui/react'
import type { SalesStatusRow } from '#transformers/crm_config_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { SwitchField } from '~/components/form/switch_field'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Values = { status: string; isDefault: boolean }

/**
 * Sales Statuses (CRM spec §2.5, §2.11, §5, §8): STATUS, IS DEFAULT (Yes/No),
 * ACTIONS; add and edit in the one record modal (status, isDefault), delete
 * behind 'Are you sure to delete this sale status?'. The server keeps exactly
 * one default and refuses to delete a status leads carry.
 */
export default function SalesStatuses() {
  const { t } = useTranslation()
  const list = useServerList<SalesStatusRow>(route('admin.crmConfig.salesStatuses.list'))
  const editor = useRecordEditor<SalesStatusRow, Values>({
    testId: 'sales-status',
    titles: { add: 'Add Sales Status', edit: 'Edit Sales Status' },
    initial: (row) => ({ status: row?.status ?? '', isDefault: row?.isDefault ?? false }),
    rules: (v) => ({ status: v.status.trim() ? undefined : 'Status is required' }),
    fields: (form) => (
      <>
        <TextField form={form} name="status" label="Status" />
        <SwitchField form={form} name="isDefault" label="Is Default" />
      </>
    ),
    body: (v) => ({ status: v.status.trim(), isDefault: v.isDefault }),
    createUrl: route('admin.crmConfig.salesStatuses.store'),
    updateUrl: (row) => route('admin.crmConfig.salesStatuses.update', { id: row.id }),
    remove: {
      url: (row) => route('admin.crmConfig.salesStatuses.destroy', { id: row.id }),
      message: 'Are you sure to delete this sale status?',
    },
    rowId: (row) => row.id,
    onChanged: list.reload,
    size: 'md',
  })

  const columns: PagedColumn<SalesStatusRow>[] = [
    { key: 'status', label: 'Status', sortValue: (r) => r.status.toLowerCase() },
    {
      key: 'isDefault',
      label: 'Is Default',
      sortValue: (r) => (r.isDefault ? 1 : 0),
      render: (r) => (
        <Chip size="sm" variant="flat" color={r.isDefault ? 'success' : 'default'}>
          {t(r.isDefault ? 'Yes' : 'No')}
        </Chip>
      ),
    },
    { key: 'actions', label: 'Actions', render: (r) => editor.rowButtons(r) },
  ]

  return (
    <>
      <AdminDataTable
        label="Sales Statuses"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="sales-statuses"
        actions={editor.addButton}
      />
      {editor.modals}
    </>
  )
}

SalesStatuses.layout = staffLayout
