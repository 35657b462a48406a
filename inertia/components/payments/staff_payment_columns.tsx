import { Link } from '@inertiajs/react'
import type { PaymentStatus } from '@domain/payments'
import type { PagedColumn } from '~/components/data/paged_table'
import { StatusChip } from '~/components/withdrawals/withdrawal_parts'
import { gatewayDisplayName } from '@domain/gateways'
import { formatAccountMoney } from '@domain/formatting'
import { route } from '~/lib/routes'

/** What the back office's deposit and withdraw lists both show of a row. */
interface StaffPaymentRow {
  id: number
  user: { id: number; email: string }
  gateway: string
  amount: string
  fee: string
  total: string
  status: PaymentStatus
  currency: string | null
  decidedBy: { id: number; email: string } | null
  createdAt: string
}

/**
 * The columns the deposit and withdraw lists share (admin spec §2, §4):
 * each list puts them in its own order with its own labels and adds its
 * description columns.
 */
export function staffPaymentColumns<Row extends StaffPaymentRow>(
  t: (key: string, vars?: Record<string, string | number>) => string,
  testId: string,
  label: (name: string) => string
) {
  const money = (value: string, row: Row) => formatAccountMoney(value, row.currency)
  const column = (c: PagedColumn<Row>) => c
  return {
    id: column({ key: 'id', label: label('ID'), sortValue: (r) => r.id }),
    user: column({
      key: 'user',
      label: label('User'),
      sortValue: (r) => r.user.email,
      render: (r) => (
        <Link
          href={route('admin.customers.edit', { id: r.user.id })}
          className="text-primary underline-offset-2 hover:underline"
        >
          {r.user.email}
        </Link>
      ),
    }),
    gateway: column({
      key: 'gateway',
      label: label('Gateway'),
      render: (r) => t(gatewayDisplayName(r.gateway)),
    }),
    amount: column({
      key: 'amount',
      label: label('Amount'),
      align: 'end',
      sortValue: (r) => r.amount,
      render: (r) => money(r.amount, r),
    }),
    fee: column({
      key: 'fee',
      label: label('Fee'),
      align: 'end',
      sortValue: (r) => r.fee,
      render: (r) => money(r.fee, r),
    }),
    total: column({
      key: 'total',
      label: label('Total'),
      align: 'end',
      sortValue: (r) => r.total,
      render: (r) => money(r.total, r),
    }),
    status: column({
      key: 'status',
      label: label('Status'),
      sortValue: (r) => r.status,
      render: (r) => (
        <div className="flex flex-col items-start gap-0.5">
          <StatusChip status={r.status} testId={`${testId}-status-${r.id}`} />
          {r.decidedBy && (
            <span className="text-tiny text-default-500">
              {t('by {email}', { email: r.decidedBy.email })}
            </span>
          )}
        </div>
      ),
    }),
    date: column({ key: 'createdAt', label: 'Date', sortValue: (r) => r.id }),
  }
}
