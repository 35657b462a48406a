import { EMPTY_VALUE } from '@domain/formatting'
import type { StaffDepositRow } from '#transformers/deposit_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { DecisionButtons } from '~/components/data/decision_buttons'
import { useRowAction } from '~/hooks/use_row_action'
import { BankDetailsList } from '~/components/withdrawals/withdrawal_parts'
import { staffPaymentColumns } from '~/components/payments/staff_payment_columns'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * Deposit History (admin spec §2, §4): every deposit, newest first; pending
 * rows offer Approve and Decline behind a confirmation, others a dash. A
 * bank deposit shows the sender's account and a link to the transfer proof.
 */
export default function DepositHistory() {
  const { t } = useTranslation()
  const list = useServerList<StaffDepositRow>(route('admin.deposits.api.history'))
  const decisions = useRowAction<StaffDepositRow, 'approve' | 'decline'>(
    {
      approve: {
        title: 'Approve Deposit',
        message: 'Are you sure to approve this deposit?',
        confirmLabel: 'Approve',
        confirmColor: 'success',
        request: (row) => ({
          method: 'POST',
          url: route('admin.deposits.approve', { id: row.id }),
        }),
      },
      decline: {
        title: 'Decline Deposit',
        message: 'Are you sure to decline this deposit?',
        confirmLabel: 'Decline',
        confirmColor: 'danger',
        request: (row) => ({
          method: 'POST',
          url: route('admin.deposits.decline', { id: row.id }),
        }),
      },
    },
    { onDone: list.reload, testId: 'deposit-confirm' }
  )

  const c = staffPaymentColumns<StaffDepositRow>(t, 'deposit', (name) => name)
  const columns: PagedColumn<StaffDepositRow>[] = [
    c.id,
    c.user,
    c.gateway,
    {
      key: 'description',
      label: 'Description',
      render: (r) => (
        <div className="flex flex-col gap-1">
          {r.formattedDescription ? (
            <BankDetailsList details={r.formattedDescription} testId={`deposit-bank-${r.id}`} />
          ) : (
            <span>{t(r.description)}</span>
          )}
          {r.proofUrl && (
            <a
              href={r.proofUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-small text-primary underline"
              data-testid={`deposit-proof-${r.id}`}
            >
              {t('Proof')}
            </a>
          )}
        </div>
      ),
    },
    {
      key: 'reference',
      label: 'Reference',
      render: (r) => <span className="break-all text-tiny">{r.reference}</span>,
    },
    c.amount,
    c.fee,
    c.total,
    c.status,
    c.date,
    {
      key: 'actions',
      label: 'Actions',
      render: (r) =>
        r.status === 'pending' ? (
          <DecisionButtons
            id={r.id}
            onApprove={() => decisions.ask(r, 'approve')}
            onDecline={() => decisions.ask(r, 'decline')}
          />
        ) : (
          EMPTY_VALUE
        ),
    },
  ]

  return (
    <>
      <AdminDataTable
        label="Deposit History"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="deposit-history"
      />
      {decisions.dialog}
    </>
  )
}

DepositHistory.layout = staffLayout
