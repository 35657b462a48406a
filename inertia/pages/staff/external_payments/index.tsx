import { Link } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type ExternalPaymentsController from '#controllers/staff/external_payments_controller'
import type { ExternalPaymentRow } from '#transformers/external_payment_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { FileField } from '~/components/form/file_field'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { isHttpsUrl } from '~/lib/rules'
import { route } from '~/lib/routes'

type Values = {
  name: string
  link: string
  customLabel: string
  customValue: string
  logo: File | null
}

/**
 * External Payments (admin spec §2 External Payment list): the generic data
 * table over /admin/externalPayments/api (ID, logo, name, link, custom label,
 * custom value, actions), Add-new and edit in the one record modal (multipart
 * logo, name, link, customLabel, customValue; the logo is required when
 * adding, and left empty keeps the current one), and delete behind
 * 'Are you sure to delete this payment?'.
 */
export default function ExternalPayments({
  fileRules,
}: InferPageProps<ExternalPaymentsController, 'index'>) {
  const { t } = useTranslation()
  const list = useServerList<ExternalPaymentRow>(route('admin.externalPayments.list'))
  const editor = useRecordEditor<ExternalPaymentRow, Values>({
    testId: 'external-payment',
    titles: { add: 'Add External Payment', edit: 'Edit External Payment' },
    initial: (row) => ({
      name: row?.name ?? '',
      link: row?.link ?? '',
      customLabel: row?.customLabel ?? '',
      customValue: row?.customValue ?? '',
      logo: null,
    }),
    rules: (v, row) => ({
      name: v.name.trim() ? undefined : 'Name is required',
      link: !v.link.trim()
        ? 'Link is required'
        : isHttpsUrl(v.link)
          ? undefined
          : 'Link must be an absolute https:// address',
      logo: row || v.logo ? undefined : 'Logo is required',
    }),
    fields: (form, row) => (
      <>
        <TextField form={form} name="name" label="Name" />
        <TextField form={form} name="link" label="Link" type="url" placeholder="https://" />
        <TextField form={form} name="customLabel" label="Custom Label" />
        <TextField form={form} name="customValue" label="Custom Value" />
        {row?.logo && !form.values.logo && (
          <img
            src={row.logo.url}
            alt={row.name}
            className="h-12 max-w-40 self-start object-contain"
          />
        )}
        <FileField
          form={form}
          name="logo"
          label="Logo"
          accept={fileRules.accept}
          description={
            row
              ? t('PNG, JPEG or WebP, at most {size} MB · leave empty to keep the current logo', {
                  size: fileRules.maxMb,
                })
              : t('PNG, JPEG or WebP, at most {size} MB', { size: fileRules.maxMb })
          }
        />
      </>
    ),
    createUrl: route('admin.externalPayments.store'),
    updateUrl: (row) => route('admin.externalPayments.update', { id: row.id }),
    body: (v) => {
      const data = new FormData()
      data.append('name', v.name.trim())
      data.append('link', v.link.trim())
      data.append('customLabel', v.customLabel.trim())
      data.append('customValue', v.customValue.trim())
      if (v.logo) data.append('logo', v.logo)
      return data
    },
    remove: {
      url: (row) => route('admin.externalPayments.destroy', { id: row.id }),
      message: 'Are you sure to delete this payment?',
    },
    rowId: (row) => row.id,
    onChanged: list.reload,
  })

  const columns: PagedColumn<ExternalPaymentRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    {
      key: 'logo',
      label: 'Logo',
      render: (r) =>
        r.logo ? (
          <img src={r.logo.url} alt={r.name} className="h-8 max-w-24 object-contain" />
        ) : (
          <span>-</span>
        ),
    },
    { key: 'name', label: 'Name', sortValue: (r) => r.name.toLowerCase() },
    {
      key: 'link',
      label: 'Link',
      sortValue: (r) => r.link,
      render: (r) => (
        <Link href={r.link} isExternal size="sm" className="block max-w-xs truncate">
          {r.link}
        </Link>
      ),
    },
    { key: 'customLabel', label: 'Custom Label', render: (r) => r.customLabel ?? '-' },
    { key: 'customValue', label: 'Custom Value', render: (r) => r.customValue ?? '-' },
    { key: 'actions', label: 'Actions', render: editor.rowButtons },
  ]

  return (
    <>
      <AdminDataTable
        label="External Payments"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="external-payments"
        actions={editor.addButton}
      />
      {editor.modals}
    </>
  )
}

ExternalPayments.layout = staffLayout
