import { Button, Chip } from '@heroui/react'
import { Link } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type TradesController from '#controllers/staff/trades_controller'
import type { StaffTradeRow } from '#transformers/staff_trade_transformer'
import type { TradeListType } from '@domain/trade_list'
import { formatAccountMoney, formatDecimal, formatRate, orderTypeLabel } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useOrderActions } from '~/components/staff/order_editor'
import { TradeIdCell, TradeStatusCell, TradeSwapCell } from '~/components/staff/trade_cells'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * All, Open and Closed Trades (admin spec §2 Trades list, title '{type}
 * Trades' from the screen registry): the generic data table over
 * /admin/trades/api/{type}, search disabled. Row actions: edit (the order
 * dialog), close (open orders only) and delete, each confirmed.
 */
function TradesList({ type }: { type: TradeListType }) {
  const { t } = useTranslation()
  const list = useServerList<StaffTradeRow>(route('admin.trades.api', { type }), {
    searchable: false,
  })
  const actions = useOrderActions(list.reload)
  const rate = (value: string | null, r: StaffTradeRow) => formatRate(value, r.digits)

  const columns: PagedColumn<StaffTradeRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id, render: (r) => <TradeIdCell row={r} /> },
    {
      key: 'user',
      label: 'USER',
      sortValue: (r) => r.user.email,
      render: (r) => (
        <div className="flex flex-col">
          <Link
            href={route('admin.customers.edit', { id: r.user.id })}
            className="text-primary underline-offset-2 hover:underline"
            data-testid={`trade-user-${r.id}`}
          >
            {r.user.email}
          </Link>
          {r.balance.mode && (
            <span className="text-tiny text-default-500">
              {t(r.balance.mode === 'real' ? 'Real' : 'Demo')} {r.balance.currency}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'type',
      label: 'TYPE',
      sortValue: (r) => r.type,
      render: (r) => t(orderTypeLabel(r.type)),
    },
    { key: 'instrument', label: 'INSTRUMENT', sortValue: (r) => r.instrument },
    {
      key: 'openRate',
      label: 'OPEN RATE',
      align: 'end',
      sortValue: (r) => r.openRate,
      render: (r) => rate(r.openRate, r),
    },
    {
      key: 'closeRate',
      label: 'CLOSE RATE',
      align: 'end',
      sortValue: (r) => r.closeRate,
      render: (r) => rate(r.closeRate, r),
    },
    {
      key: 'spread',
      label: 'SPREAD',
      align: 'end',
      sortValue: (r) => r.spread,
      render: (r) => formatDecimal(r.spread),
    },
    {
      key: 'marginUsed',
      label: 'MARGIN USED',
      align: 'end',
      sortValue: (r) => r.marginUsed,
      render: (r) => formatAccountMoney(r.marginUsed, r.balance.currency),
    },
    {
      key: 'proLoss',
      label: 'PRO/LOSS',
      align: 'end',
      sortValue: (r) => r.proLoss,
      render: (r) => (
        <span
          className={
            r.proLoss === null ? '' : r.proLoss.startsWith('-') ? 'text-danger' : 'text-success'
          }
          title={r.proLossLive ? t('At the current price') : undefined}
          data-testid={`trade-pnl-${r.id}`}
        >
          {formatAccountMoney(r.proLoss, r.balance.currency)}
        </span>
      ),
    },
    {
      key: 'swap',
      label: 'SWAP',
      align: 'end',
      sortValue: (r) => r.swap,
      render: (r) => <TradeSwapCell row={r} />,
    },
    { key: 'profit', label: 'TAKE PROFIT', align: 'end', render: (r) => rate(r.profit, r) },
    {
      key: 'loss',
      label: 'STOP LOSS',
      align: 'end',
      render: (r) =>
        r.trailing === null ? (
          rate(r.loss, r)
        ) : (
          // A server-side trailing stop (issue 23 item 2): the stop and the distance it trails at.
          <div className="flex flex-col items-end">
            <span>{rate(r.loss, r)}</span>
            <span className="text-tiny text-default-500" data-testid={`trade-trailing-${r.id}`}>
              {t('Trailing')} {formatRate(r.trailing, r.digits)}
            </span>
          </div>
        ),
    },
    { key: 'leverage', label: 'LEVERAGE', align: 'end', sortValue: (r) => r.leverage },
    {
      key: 'status',
      label: 'STATUS',
      sortValue: (r) => r.status,
      render: (r) => (
        <TradeStatusCell
          row={r}
          chip={
            <Chip
              size="sm"
              variant="flat"
              color={r.status === 'open' ? 'primary' : 'default'}
              data-testid={`trade-status-${r.id}`}
            >
              {t(r.status === 'open' ? 'Open' : 'Closed')}
            </Chip>
          }
        />
      ),
    },
    {
      key: 'actions',
      label: 'ACTIONS',
      render: (r) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="flat"
            onPress={() => actions.edit(r)}
            data-testid={`trade-edit-${r.id}`}
          >
            {t('Edit')}
          </Button>
          {r.status === 'open' && (
            <Button
              size="sm"
              color="warning"
              variant="flat"
              onPress={() => actions.close(r)}
              data-testid={`trade-close-${r.id}`}
            >
              {t('Close')}
            </Button>
          )}
          <Button
            size="sm"
            color="danger"
            variant="flat"
            onPress={() => actions.remove(r)}
            data-testid={`trade-delete-${r.id}`}
          >
            {t('Delete')}
          </Button>
        </div>
      ),
    },
  ]

  return (
    <>
      <AdminDataTable
        label="Trades"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="trades"
      />
      {actions.dialogs}
    </>
  )
}

export default function Trades({ type }: InferPageProps<TradesController, 'all'>) {
  // One list per type: moving between All, Open and Closed starts the list afresh.
  return <TradesList key={type} type={type} />
}

Trades.layout = staffLayout
