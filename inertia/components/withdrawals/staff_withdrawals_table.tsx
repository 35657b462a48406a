import type { ReactNode } from 'react'
import { EMPTY_VALUE } from '@domain/formatting'
import type { StaffWithdrawalRow } from '#transformers/withdrawal_transformer'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { BankDetailsList } from '~/components/withdrawals/withdrawal_parts'
import { staffPaymentColumns } from '~/components/payments/staff_payment_columns'
import type { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'

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
  // The withdraw lists' headers are upper-case (admin spec §2 Withdraws).
  const c = staffPaymentColumns<StaffWithdrawalRow>(t, props.testId, (name) => name.toUpperCase())
  const columns: PagedColumn<StaffWithdrawalRow>[] = [
    c.id,
    c.user,
    c.gateway,
    {
      key: 'description',
      label: 'DESCRIPTION',
      render: (r) =>
        r.formattedDescription ? (
          <BankDetailsList
            details={r.formattedDescription}
            testId={`${props.testId}-bank-${r.id}`}
          />
        ) : (
          t(r.description)
        ),
    },
    {
      key: 'declineReason',
      label: 'DECLINE REASON',
      render: (r) => (
        <span className="block min-w-48 max-w-xs whitespace-normal">
          {r.declineReason ?? EMPTY_VALUE}
        </span>
      ),
    },
    c.amount,
    c.fee,
    c.total,
    c.status,
    c.date,
  ]
  if (props.actions) columns.push({ key: 'action', label: 'ACTION', render: props.actions })

  return (
    <AdminDataTable
      label={props.label}
      list={props.list}
      columns={columns}
      rowKey={(r) => r.id}
      testId={props.testId}
    />
  )
}
