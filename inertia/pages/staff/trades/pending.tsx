import { Button, Chip, Select, SelectItem } from '@heroui/react'
import { Link } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type PendingOrdersPageController from '#controllers/staff/pending_orders_page_controller'
import { EMPTY_VALUE, formatDateTime, formatDecimal, formatRate } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRowAction } from '~/hooks/use_row_action'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/** A row of GET /admin/trades/api/pending: the customer's pending order row with its customer and wallet. */
export interface StaffPendingRow {
  id: number
  user: { id: number; email: string | null }
  balance: { mode: 'demo' | 'real' | null; currency: string | null }
  instrument: string
  /** 'Buy Limit', 'Sell Stop'…: a translation key. */
  label: string
  digits: number
  units: string
  price: string
  takeProfit: string | null
  stopLoss: string | null
  expiry: 'gtc' | 'day' | 'date'
  expiresAt: string | null
  status: 'pending' | 'filled' | 'cancelled' | 'expired'
  reasonText: string | null
  createdAt: string
}

/** The list's status filter (the API's `status`): waiting orders by default, or the resolved ones, or both. */
const STATUS_FILTERS = [
  { key: 'pending', label: 'Waiting' },
  { key: 'history', label: 'History' },
  { key: 'all', label: 'All' },
] as const
type Filters = { status: string }

const STATUS_TEXT = {
  pending: 'Pending',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
} as const
const STATUS_COLOR = {
  pending: 'warning',
  filled: 'success',
  cancelled: 'default',
  expired: 'default',
} as const

/**
 * Pending Orders (issue 23 item 1, "Staff"): the customers' limit and stop
 * orders in the generic data table with the trades lists' behaviour (admin
 * spec §2 Trades list: search disabled, paged 15/25/50, client-side sort, id
 * descending, hideable columns, back-office dates, a dash for no value),
 * waiting orders first; a status filter shows the filled, cancelled and
 * expired ones with their reasons. An admin or manager cancels a waiting
 * order behind the one confirmation dialog; the list refreshes after.
 */
export default function PendingOrders({
  canCancel,
}: InferPageProps<PendingOrdersPageController, 'page'>) {
  const { t } = useTranslation()
  const list = useServerList<StaffPendingRow, Filters>(route('admin.trades.pending.api'), {
    searchable: false,
    filters: { status: 'pending' },
  })
  const cancel = useRowAction<StaffPendingRow, 'cancel'>(
    {
      cancel: {
        title: 'Cancel Pending Order',
        message: 'Are you sure to cancel this pending order?',
        confirmLabel: 'Cancel Order',
        confirmColor: 'danger',
        request: (row) => ({
          method: 'DELETE',
          url: route('admin.trades.pending.destroy', { id: row.id }),
        }),
      },
    },
    { onDone: list.reload, testId: 'pending-cancel-dialog' }
  )
  const rate = (value: string | null, r: StaffPendingRow) => formatRate(value, r.digits)

  const columns: PagedColumn<StaffPendingRow>[] = [
    { key: 'id', label: 'TICKET', sortValue: (r) => r.id },
    {
      key: 'user',
      label: 'CUSTOMER',
      sortValue: (r) => r.user.email,
      render: (r) => (
        <div className="flex flex-col">
          <Link
            href={route('admin.customers.edit', { id: r.user.id })}
            className="text-primary underline-offset-2 hover:underline"
            data-testid={`pending-user-${r.id}`}
          >
            {r.user.email ?? EMPTY_VALUE}
          </Link>
          {r.balance.mode && (
            <span className="text-tiny text-default-500">
              {t(r.balance.mode === 'real' ? 'Real' : 'Demo')} {r.balance.currency}
            </span>
          )}
        </div>
      ),
    },
    { key: 'instrument', label: 'INSTRUMENT', sortValue: (r) => r.instrument },
    {
      key: 'label',
      label: 'ORDER TYPE',
      sortValue: (r) => r.label,
      render: (r) => t(r.label),
    },
    {
      key: 'units',
      label: 'UNITS',
      align: 'end',
      sortValue: (r) => r.units,
      render: (r) => formatDecimal(r.units, undefined, { group: true }),
    },
    {
      key: 'price',
      label: 'TRIGGER PRICE',
      align: 'end',
      sortValue: (r) => r.price,
      render: (r) => <span data-testid={`pending-price-${r.id}`}>{rate(r.price, r)}</span>,
    },
    { key: 'takeProfit', label: 'TAKE PROFIT', align: 'end', render: (r) => rate(r.takeProfit, r) },
    { key: 'stopLoss', label: 'STOP LOSS', align: 'end', render: (r) => rate(r.stopLoss, r) },
    {
      key: 'expiry',
      label: 'EXPIRY',
      sortValue: (r) => r.expiresAt,
      render: (r) =>
        r.expiry === 'gtc' || !r.expiresAt
          ? t('Good till cancelled')
          : formatDateTime(r.expiresAt, 'display'),
    },
    { key: 'createdAt', label: 'PLACED AT', sortValue: (r) => r.id, render: (r) => r.createdAt },
    {
      key: 'status',
      label: 'STATUS',
      sortValue: (r) => r.status,
      render: (r) => (
        <div className="flex flex-col items-start gap-1">
          <Chip
            size="sm"
            variant="flat"
            color={STATUS_COLOR[r.status]}
            data-testid={`pending-status-${r.id}`}
          >
            {t(STATUS_TEXT[r.status])}
          </Chip>
          {r.reasonText && (
            <span className="text-tiny text-default-500" data-testid={`pending-reason-${r.id}`}>
              {t(r.reasonText)}
            </span>
          )}
        </div>
      ),
    },
  ]
  if (canCancel) {
    columns.push({
      key: 'actions',
      label: 'ACTIONS',
      render: (r) =>
        r.status === 'pending' ? (
          <Button
            size="sm"
            color="danger"
            variant="flat"
            onPress={() => cancel.ask(r, 'cancel')}
            data-testid={`pending-cancel-${r.id}`}
          >
            {t('Cancel')}
          </Button>
        ) : (
          EMPTY_VALUE
        ),
    })
  }

  const statusFilter = (
    <Select
      size="sm"
      className="w-40"
      aria-label={t('Status')}
      selectedKeys={[list.filters.status]}
      disallowEmptySelection
      onSelectionChange={(keys) => list.setFilters({ status: String([...keys][0] ?? 'pending') })}
      data-testid="pending-orders-filter-status"
    >
      {STATUS_FILTERS.map((f) => (
        <SelectItem key={f.key}>{t(f.label)}</SelectItem>
      ))}
    </Select>
  )

  return (
    <>
      <AdminDataTable
        label="Pending Orders"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        filters={statusFilter}
        testId="pending-orders"
      />
      {cancel.dialog}
    </>
  )
}

PendingOrders.layout = staffLayout
