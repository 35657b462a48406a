import { useState } from 'react'
import { Button, Chip, Link, Modal, ModalBody, ModalContent, ModalHeader } from '@heroui/react'
import type { KycDocumentRow } from '#transformers/kyc_transformer'
import { KYC_SIDES, KYC_SIDE_LABELS, KYC_STATUS_LABELS } from '@domain/kyc'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { DecisionButtons } from '~/components/data/decision_buttons'
import { useRowAction } from '~/hooks/use_row_action'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

const STATUS_COLORS: Record<KycDocumentRow['status'], 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
}

/**
 * KYC Documents (admin spec §2): the generic data table over /admin/kyc/api,
 * a View modal with the front, back and address-proof files, Approve (unless
 * approved) and Decline (always, with a reason), each behind a confirmation.
 */
export default function KycDocuments() {
  const { t } = useTranslation()
  const list = useServerList<KycDocumentRow>(route('admin.kyc.list'))
  const [viewing, setViewing] = useState<KycDocumentRow | null>(null)

  const decisions = useRowAction<KycDocumentRow, 'approve' | 'decline'>(
    {
      approve: {
        title: 'Approve',
        message: 'Are you sure to approve this document?',
        confirmLabel: 'Approve',
        confirmColor: 'success',
        testId: 'kyc-approve-dialog',
        request: (row) => ({ method: 'POST', url: route('admin.kyc.approve', { id: row.id }) }),
      },
      decline: {
        title: 'Decline',
        message: 'Are you sure to decline this document?',
        confirmLabel: 'Decline',
        confirmColor: 'danger',
        reasonLabel: 'Decline Reason',
        testId: 'kyc-decline-dialog',
        request: (row, reason) => ({
          method: 'POST',
          url: route('admin.kyc.decline', { id: row.id }),
          body: { declineReason: reason },
        }),
      },
    },
    { onDone: list.reload }
  )

  const columns: PagedColumn<KycDocumentRow>[] = [
    {
      key: 'document',
      label: 'Document',
      render: (r) => t(r.document),
      sortValue: (r) => r.document,
    },
    { key: 'fullName', label: 'Full Name', sortValue: (r) => r.fullName },
    { key: 'email', label: 'Client Email', sortValue: (r) => r.email },
    {
      key: 'status',
      label: 'Status',
      sortValue: (r) => r.status,
      render: (r) => (
        <Chip
          size="sm"
          variant="flat"
          color={STATUS_COLORS[r.status]}
          data-testid={`kyc-status-${r.id}`}
        >
          {t(KYC_STATUS_LABELS[r.status])}
        </Chip>
      ),
    },
    { key: 'uploadedAt', label: 'Upload Date', sortValue: (r) => r.id },
    {
      key: 'view',
      label: 'View',
      render: (r) => (
        <Button
          size="sm"
          variant="flat"
          onPress={() => setViewing(r)}
          data-testid={`kyc-view-${r.id}`}
        >
          {t('View')}
        </Button>
      ),
    },
    {
      key: 'declineReason',
      label: 'Decline Reason',
      render: (r) => (
        <span className="block max-w-xs truncate" title={r.declineReason ?? ''}>
          {r.declineReason ?? '-'}
        </span>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <DecisionButtons
          id={r.id}
          testIdPrefix="kyc-"
          onApprove={r.status !== 'approved' ? () => decisions.ask(r, 'approve') : undefined}
          onDecline={() => decisions.ask(r, 'decline')}
        />
      ),
    },
  ]

  return (
    <>
      <AdminDataTable
        label="KYC Documents"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        // The spec's columns carry no id; upload order is id order (newest first).
        defaultSort={{ column: 'uploadedAt', direction: 'descending' }}
        testId="kyc-table"
      />

      <Modal
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
        size="5xl"
        scrollBehavior="inside"
      >
        <ModalContent data-testid="kyc-view-modal">
          <ModalHeader>{viewing ? `${t(viewing.document)} · ${viewing.fullName}` : ''}</ModalHeader>
          <ModalBody className="pb-6">
            {viewing && (
              <div className="grid gap-4 md:grid-cols-3">
                {KYC_SIDES.map((side) => {
                  const file = viewing[side]
                  return (
                    <figure
                      key={side}
                      className="flex flex-col gap-2"
                      data-testid={`kyc-file-${side}`}
                    >
                      <figcaption className="text-small font-medium">
                        {t(KYC_SIDE_LABELS[side])}
                      </figcaption>
                      {!file ? (
                        <span className="text-small text-default-500">{t('No file')}</span>
                      ) : file.kind === 'pdf' ? (
                        <Link href={file.url} isExternal showAnchorIcon>
                          {t('Open PDF')}
                        </Link>
                      ) : (
                        <a href={file.url} target="_blank" rel="noreferrer">
                          <img
                            src={file.url}
                            alt={t(KYC_SIDE_LABELS[side])}
                            className="max-h-80 w-full rounded-medium border border-divider object-contain"
                          />
                        </a>
                      )}
                    </figure>
                  )
                })}
              </div>
            )}
          </ModalBody>
        </ModalContent>
      </Modal>

      {decisions.dialog}
    </>
  )
}

KycDocuments.layout = staffLayout
