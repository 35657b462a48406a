import { useState } from 'react'
import { Button, Link, Modal, ModalContent, ModalHeader } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type ExternalPaymentsController from '#controllers/staff/external_payments_controller'
import type { ExternalPaymentRow } from '#transformers/external_payment_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRowAction } from '~/hooks/use_row_action'
import { ExternalPaymentForm } from '~/components/gateways/external_payment_form'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'

/** The form modal: adding (payment null) or editing a row. */
type Editing = { payment: ExternalPaymentRow | null }

/**
 * External Payments (admin spec §2 External Payment list): the generic data
 * table over /admin/externalPayments/api (ID, logo, name, link, custom label,
 * custom value, actions), Add-new in a modal, edit, and delete behind
 * 'Are you sure to delete this payment?'.
 */
export default function ExternalPayments({ fileRules }: InferPageProps<ExternalPaymentsController, 'index'>) {
  const { t } = useTranslation()
  const list = useServerList<ExternalPaymentRow>('/admin/externalPayments/api')
  const [editing, setEditing] = useState<Editing | null>(null)
  const deletion = useRowAction<ExternalPaymentRow, 'delete'>(
    {
      delete: {
        title: 'Delete',
        message: 'Are you sure to delete this payment?',
        confirmLabel: 'Delete',
        confirmColor: 'danger',
        request: (row) => ({ method: 'DELETE', url: `/admin/externalPayments/${row.id}` }),
      },
    },
    { onDone: list.reload, testId: 'external-payment-delete-dialog' }
  )

  const columns: PagedColumn<ExternalPaymentRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    {
      key: 'logo',
      label: 'Logo',
      render: (r) =>
        r.logo ? <img src={r.logo.url} alt={r.name} className="h-8 max-w-24 object-contain" /> : <span>-</span>,
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
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <div className="flex gap-2">
          <Button size="sm" variant="flat" onPress={() => setEditing({ payment: r })} data-testid={`external-payment-edit-${r.id}`}>
            {t('Edit')}
          </Button>
          <Button size="sm" color="danger" variant="flat" onPress={() => deletion.ask(r, 'delete')} data-testid={`external-payment-delete-${r.id}`}>
            {t('Delete')}
          </Button>
        </div>
      ),
    },
  ]

  return (
    <>
      <AdminDataTable
        label="External Payments"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="external-payments"
        actions={
          <Button color="primary" size="sm" onPress={() => setEditing({ payment: null })} data-testid="external-payment-add">
            {t('Add New')}
          </Button>
        }
      />

      <Modal isOpen={editing !== null} onClose={() => setEditing(null)} size="xl" scrollBehavior="inside">
        <ModalContent data-testid="external-payment-modal">
          {editing && (
            <>
              <ModalHeader>{t(editing.payment ? 'Edit External Payment' : 'Add External Payment')}</ModalHeader>
              <ExternalPaymentForm
                key={editing.payment?.id ?? 'new'}
                payment={editing.payment}
                fileRules={fileRules}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  setEditing(null)
                  list.reload()
                }}
              />
            </>
          )}
        </ModalContent>
      </Modal>

      {deletion.dialog}
    </>
  )
}

ExternalPayments.layout = staffLayout
