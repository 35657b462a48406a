import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import type { StaffWithdrawalRow } from '#transformers/withdrawal_transformer'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { BankDetailsList, StatusChip, gatewayLabel } from '~/components/withdrawals/withdrawal_parts'
import type { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { formatMoney } from '~/lib/format'

export type { StaffWithdrawalRow }

/**
 * The back-office withdraw lists (admin spec §2 Withdraws): ID, USER,
 * GATEWAY, DESCRIPTION (the bank details), DECLINE REASON, AMOUNT, FEE,
 * TOTAL, STATUS, Date, and on the pending list an ACTION column. Search is
 * disabled.
 */
export function StaffWithdrawalsTable(props: {
  label: string
  list: ReturnType<typeof useServerList<StaffWithdrawalRow>>
  actions?: (row: StaffWithdrawalRow) => ReactNode
  testId: string
}) {
  const { t } = useTranslation()
  const money = (value: string, row: StaffWithdrawalRow) => formatMoney(value, row.currency)
  const columns: PagedColumn<StaffWithdrawalRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    {
      key: 'user',
      label: 'USER',
      sortValue: (r) => r.user.email,
      render: (r) => (
        <Link href={`/admin/customers/edit/${r.user.id}`} className="text-primary underline-offset-2 hover:underline">
          {r.user.email}
        </Link>
      ),
    },
    { key: 'gateway', label: 'GATEWAY', render: (r) => t(gatewayLabel(r.gateway)) },
    {
      key: 'description',
      label: 'DESCRIPTION',
      render: (r) =>
        r.formattedDescription ? (
          <BankDetailsList details={r.formattedDescription} testId={`${props.testId}-bank-${r.id}`} />
        ) : (
          t(r.description)
        ),
    },
    {
      key: 'declineReason',
      label: 'DECLINE REASON',
      render: (r) => <span className="block min-w-48 max-w-xs whitespace-normal">{r.declineReason ?? '—'}</span>,
    },
    { key: 'amount', label: 'AMOUNT', align: 'end', sortValue: (r) => r.amount, render: (r) => money(r.amount, r) },
    { key: 'fee', label: 'FEE', align: 'end', sortValue: (r) => r.fee, render: (r) => money(r.fee, r) },
    { key: 'total', label: 'TOTAL', align: 'end', sortValue: (r) => r.total, render: (r) => money(r.total, r) },
    {
      key: 'status',
      label: 'STATUS',
      sortValue: (r) => r.status,
      render: (r) => (
        <div className="flex flex-col items-start gap-0.5">
          <StatusChip status={r.status} testId={`${props.testId}-status-${r.id}`} />
          {r.decidedBy && (
            <span className="text-tiny text-default-500">
              {t('by')} {r.decidedBy.email}
            </span>
          )}
        </div>
      ),
    },
    { key: 'createdAt', label: 'Date', sortValue: (r) => r.id },
  ]
  if (props.actions) columns.push({ key: 'action', label: 'ACTION', render: props.actions })

  return (
    <AdminDataTable
      label={props.label}
      list={props.list}
      columns={columns}
      rowKey={(r) => r.id}
      searchable={false}
      testId={props.testId}
    />
  )
}
