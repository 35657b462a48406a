import { useState } from 'react'
import { Button, Chip, Tab, Tabs } from '@heroui/react'
import { PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { TargetModal, type TargetKind } from '~/components/trading/target_modal'
import { api } from '~/lib/api'
import { toastSuccess } from '~/lib/toast'
import type { LivePrice } from '~/hooks/use_prices'
import type { OrderRow } from '~/hooks/use_orders'
import { useTranslation } from '~/hooks/use_translation'
import { currentRateFor, positionProfitLoss } from '@domain/account_metrics'
import { money } from '@domain/money'
import { formatProfitLoss, formatRate, orderTypeLabel } from '@domain/formatting'

/** An order with its market rate and P/L now: live for open ones, as closed for the others. */
export function liveRow(o: OrderRow, prices: Record<string, LivePrice>) {
  if (o.status === 'CLOSED') return { ...o, marketRate: o.closeRate, livePl: o.profitLoss }
  const live = prices[o.instrument]
  const marketRate = live?.bids && live.asks ? currentRateFor(o.type, live.bids, live.asks) : null
  const livePl = marketRate
    ? formatProfitLoss(positionProfitLoss({ ...o, tradeAmount: o.units, currentRate: marketRate }))
    : null
  return { ...o, marketRate, livePl }
}
type LiveRow = ReturnType<typeof liveRow>

/**
 * The positions under the chart (customer spec §2 Positions table): 'All
 * Positions' and 'Opened Positions' (close_time null), P/L to 5 decimals
 * following live prices, Close, and the take-profit and stop-loss modals.
 */
export function PositionsPanel(props: {
  orders: OrderRow[]
  prices: Record<string, LivePrice>
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<{ order: OrderRow; kind: TargetKind } | null>(null)
  const [closing, setClosing] = useState<number | null>(null)
  const rows = props.orders.map((o) => liveRow(o, props.prices))

  async function close(o: OrderRow) {
    setClosing(o.id)
    try {
      await api('POST', '/dashboard/orders/close', { orderId: o.id, instrument: o.instrument })
      toastSuccess('Order Closed Successfully')
    } catch {
      // Close failures are ignored silently (customer spec §8): the list refresh shows the truth.
    } finally {
      setClosing(null)
      props.onChanged()
    }
  }

  const target = (o: LiveRow, kind: TargetKind) => {
    // Customer spec §2: closed orders show N/A, whatever target they had.
    if (o.status === 'CLOSED') return <span data-testid={`${kind}-${o.id}`}>{t('N/A')}</span>
    const value = kind === 'loss' ? o.stopLoss : o.takeProfit
    const open = () => setEditing({ order: o, kind })
    return value ? (
      <button
        type="button"
        className="font-mono underline decoration-dotted"
        onClick={open}
        data-testid={`edit-${kind}-${o.id}`}
      >
        {formatRate(value, o.digits)} ✎
      </button>
    ) : (
      <Button size="sm" variant="flat" onPress={open} data-testid={`set-${kind}-${o.id}`}>
        {kind === 'loss' ? t('Set Stop/Loss') : t('Set Take/Profit')}
      </Button>
    )
  }

  const columns: PagedColumn<LiveRow>[] = [
    { key: 'id', label: 'Ticket' },
    { key: 'openTime', label: 'Open Time' },
    { key: 'type', label: 'Type', render: (o) => t(orderTypeLabel(o.type)) },
    { key: 'units', label: 'Units', align: 'end' },
    { key: 'pair', label: 'Instrument' },
    {
      key: 'openRate',
      label: 'Open Rate',
      align: 'end',
      render: (o) => formatRate(o.openRate, o.digits),
    },
    {
      key: 'marketRate',
      label: 'Market Rate',
      align: 'end',
      render: (o) => formatRate(o.marketRate, o.digits),
    },
    {
      key: 'livePl',
      label: 'Profit/Loss',
      align: 'end',
      render: (o) => (
        <span
          className={`font-mono ${o.livePl && money(o.livePl).greaterThan(0) ? 'text-success' : 'text-danger'}`}
          data-testid={`pl-${o.id}`}
        >
          {formatProfitLoss(o.livePl)}
        </span>
      ),
    },
    { key: 'takeProfit', label: 'Take/Profit', render: (o) => target(o, 'profit') },
    { key: 'stopLoss', label: 'Stop/Loss', render: (o) => target(o, 'loss') },
    {
      key: 'status',
      label: 'Status',
      render: (o) => (
        <Chip
          size="sm"
          variant="flat"
          color={o.status === 'OPENED' ? 'primary' : 'default'}
          data-testid={`status-${o.id}`}
        >
          {t(o.status)}
        </Chip>
      ),
    },
    {
      key: 'action',
      label: ' ',
      render: (o) =>
        o.status === 'OPENED' ? (
          <Button
            size="sm"
            color="danger"
            variant="flat"
            isLoading={closing === o.id}
            onPress={() => close(o)}
            data-testid={`close-${o.id}`}
          >
            {t('Close')}
          </Button>
        ) : null,
    },
  ]

  const table = (list: LiveRow[], testId: string) => (
    <PagedTable
      label="Positions"
      columns={columns}
      rows={list}
      rowKey={(o) => o.id}
      page={1}
      pageSize={Math.max(list.length, 1)}
      total={list.length}
      onPageChange={() => {}}
      emptyText="No positions yet"
      testId={testId}
    />
  )

  return (
    <>
      <Tabs aria-label={t('Positions')} variant="underlined" data-testid="positions-tabs">
        <Tab key="all" title={t('All Positions')}>
          {table(rows, 'positions-all')}
        </Tab>
        <Tab key="open" title={t('Opened Positions')}>
          {table(
            rows.filter((o) => o.closeTime === null),
            'positions-open'
          )}
        </Tab>
      </Tabs>
      {editing && (
        <TargetModal
          order={editing.order}
          kind={editing.kind}
          onClose={() => setEditing(null)}
          onSaved={props.onChanged}
        />
      )}
    </>
  )
}
