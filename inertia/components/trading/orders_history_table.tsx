import { Chip } from '@heroui/react'
import { listPaging, PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { usePendingOrders, type PendingOrderRow } from '~/hooks/use_pending_orders'
import { useTranslation } from '~/hooks/use_translation'
import { EMPTY_VALUE, formatRate } from '@domain/formatting'

/** A resolved order's status: filled green, expired amber, cancelled grey. */
const STATUS_COLOR = { filled: 'success', expired: 'warning', cancelled: 'default' } as const
const STATUS_TEXT = {
  pending: 'Pending',
  filled: 'Filled',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

/**
 * The Statements page's "Orders history" (issue 23 item 1): pending orders
 * that were filled, cancelled or expired, with why, and for a fill the
 * position it opened and the rate it filled at.
 */
export function OrdersHistoryTable() {
  const { t } = useTranslation()
  const list = usePendingOrders('history')
  const columns: PagedColumn<PendingOrderRow>[] = [
    { key: 'id', label: 'Ticket' },
    { key: 'createdTime', label: 'Time' },
    { key: 'label', label: 'Type', render: (o) => t(o.label) },
    { key: 'pair', label: 'Instrument' },
    { key: 'units', label: 'Units', align: 'end' },
    { key: 'price', label: 'Price', align: 'end', render: (o) => formatRate(o.price, o.digits) },
    {
      key: 'status',
      label: 'Status',
      render: (o) => (
        <Chip
          size="sm"
          variant="flat"
          color={o.status === 'pending' ? 'primary' : STATUS_COLOR[o.status]}
          data-testid={`history-status-${o.id}`}
        >
          {t(STATUS_TEXT[o.status])}
        </Chip>
      ),
    },
    {
      key: 'reasonText',
      label: 'Reason',
      render: (o) => (
        <span data-testid={`history-reason-${o.id}`}>
          {o.reasonText ? t(o.reasonText) : EMPTY_VALUE}
        </span>
      ),
    },
    {
      key: 'orderId',
      label: 'Position',
      render: (o) =>
        o.orderId
          ? t('#{ticket} at {rate}', {
              ticket: o.orderId,
              rate: o.fillRate ? formatRate(o.fillRate, o.digits) : EMPTY_VALUE,
            })
          : EMPTY_VALUE,
    },
    { key: 'resolvedTime', label: 'Resolved', render: (o) => o.resolvedTime ?? EMPTY_VALUE },
  ]
  return (
    <PagedTable
      label="Orders history"
      columns={columns}
      {...listPaging(list)}
      rowKey={(o) => o.id}
      emptyText="No filled, cancelled or expired orders yet"
      testId="orders-history"
    />
  )
}
