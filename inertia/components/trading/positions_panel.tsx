import { useState } from 'react'
import {
  Button,
  ButtonGroup,
  Chip,
  Dropdown,
  DropdownItem,
  DropdownMenu,
  DropdownTrigger,
  Tab,
  Tabs,
} from '@heroui/react'
import { PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { SwitchField } from '~/components/form/switch_field'
import { TargetModal, type TargetKind } from '~/components/trading/target_modal'
import { ClosePartModal } from '~/components/trading/close_part_modal'
import { PendingOrdersTable } from '~/components/trading/pending_orders_table'
import { StepperInput } from '~/components/trading/stepper_input'
import { api } from '~/lib/api'
import { toastSuccess } from '~/lib/toast'
import type { LivePrice } from '~/hooks/use_prices'
import type { OrderRow } from '~/hooks/use_orders'
import type { PendingOrderList } from '~/hooks/use_pending_orders'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { currentRateFor, netProfitLoss, positionProfitLoss } from '@domain/account_metrics'
import { money } from '@domain/money'
import { isDecimalString } from '@domain/decimal_strings'
import { formatDecimal, formatProfitLoss, formatRate, orderTypeLabel } from '@domain/formatting'
import { closeEvidenceText } from '@domain/execution_evidence'
import type { Category } from '@domain/instruments'
import { distanceInPips, priceStep } from '@domain/price_steps'
import { route } from '~/lib/routes'

/**
 * An order with its market rate and P/L now: live for open ones, as closed
 * for the others. The P/L shown is net of the swaps the position paid or
 * earned (issue 24); the top bar's figures do not add them again, the wallet
 * balance already holds them (see accountMetrics).
 */
export function liveRow(o: OrderRow, prices: Record<string, LivePrice>) {
  if (o.status === 'CLOSED') {
    const livePl =
      o.profitLoss === null ? null : formatProfitLoss(netProfitLoss(o.profitLoss, o.swap))
    return { ...o, marketRate: o.closeRate, livePl }
  }
  const live = prices[o.instrument]
  const marketRate = live?.bids && live.asks ? currentRateFor(o.type, live.bids, live.asks) : null
  const livePl = marketRate
    ? formatProfitLoss(
        netProfitLoss(
          positionProfitLoss({ ...o, tradeAmount: o.units, currentRate: marketRate }),
          o.swap
        )
      )
    : null
  return { ...o, marketRate, livePl }
}
type LiveRow = ReturnType<typeof liveRow>

/**
 * The positions under the chart (customer spec §2 Positions table): 'All
 * Positions' and 'Opened Positions' (close_time null), P/L to 5 decimals
 * following live prices, Close, and the take-profit and stop-loss modals.
 * Issue 23: a 'Pending Orders' tab; beside Close a menu with Close all,
 * Close part and Trailing stop; a trailing distance shows under the stop.
 */
export function PositionsPanel(props: {
  orders: OrderRow[]
  prices: Record<string, LivePrice>
  /** Each instrument's category (lot sizes and price steps). */
  kinds: Record<string, Category>
  pending: PendingOrderList
  /** The wallet's currency (a stop-out's evidence names its equity and margin). */
  currency?: string
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const pips = useBranding().stopLossSelector === 'pips'
  const [editing, setEditing] = useState<{ order: OrderRow; kind: TargetKind } | null>(null)
  const [closing, setClosing] = useState<number | null>(null)
  const [partOf, setPartOf] = useState<OrderRow | null>(null)
  // Which row's menu is open: kept here, so a re-render of the table on a price tick never closes it.
  const [menuFor, setMenuFor] = useState<number | null>(null)
  const rows = props.orders.map((o) => liveRow(o, props.prices))
  const trailing = useTrailingEditor({ pips, kinds: props.kinds, onChanged: props.onChanged })

  async function close(o: OrderRow) {
    setClosing(o.id)
    try {
      await api('POST', route('orders.close'), { orderId: o.id, instrument: o.instrument })
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
    {
      key: 'swap',
      label: 'Swap',
      align: 'end',
      render: (o) => (
        <span className="font-mono" data-testid={`swap-${o.id}`}>
          {formatDecimal(o.swap, 2)}
        </span>
      ),
    },
    { key: 'takeProfit', label: 'Take/Profit', render: (o) => target(o, 'profit') },
    {
      key: 'stopLoss',
      label: 'Stop/Loss',
      render: (o) =>
        o.status === 'OPENED' && o.trailing ? (
          <div className="flex flex-col items-start gap-0.5">
            {target(o, 'loss')}
            <button
              type="button"
              className="text-tiny text-primary underline decoration-dotted"
              onClick={() => trailing.edit(o)}
              data-testid={`trailing-${o.id}`}
            >
              {pips
                ? t('Trailing {pips} pips', { pips: distanceInPips(o.trailing, o.quote) })
                : t('Trailing {distance}', { distance: o.trailing })}{' '}
              ✎
            </button>
          </div>
        ) : (
          target(o, 'loss')
        ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (o) => {
        const chip = (
          <Chip
            size="sm"
            variant="flat"
            color={o.status === 'OPENED' ? 'primary' : 'default'}
            data-testid={`status-${o.id}`}
          >
            {t(o.status)}
          </Chip>
        )
        const evidence =
          o.status === 'CLOSED'
            ? closeEvidenceText(
                { ...o, partial: o.parentOrderId !== null, currency: props.currency },
                t
              )
            : null
        return evidence ? (
          <div className="flex flex-col items-start gap-0.5">
            {chip}
            {/* The quote the close used (issue 24 item 2), whole: a customer disputing a stop-out reads it here. */}
            <span
              className="w-72 whitespace-normal text-tiny text-default-500"
              data-testid={`evidence-${o.id}`}
            >
              {evidence}
            </span>
          </div>
        ) : (
          chip
        )
      },
    },
    {
      key: 'action',
      label: ' ',
      render: (o) =>
        o.status === 'OPENED' ? (
          <ButtonGroup size="sm" variant="flat" color="danger">
            <Button
              isLoading={closing === o.id}
              onPress={() => close(o)}
              data-testid={`close-${o.id}`}
            >
              {t('Close')}
            </Button>
            <Dropdown
              placement="bottom-end"
              isOpen={menuFor === o.id}
              onOpenChange={(open) => setMenuFor(open ? o.id : null)}
            >
              <DropdownTrigger>
                <Button isIconOnly aria-label={t('More actions')} data-testid={`actions-${o.id}`}>
                  ▾
                </Button>
              </DropdownTrigger>
              <DropdownMenu
                aria-label={t('More actions')}
                onAction={(key) => {
                  if (key === 'all') close(o)
                  else if (key === 'part') setPartOf(o)
                  else if (key === 'trailing') trailing.edit(o)
                }}
                data-testid={`actions-menu-${o.id}`}
              >
                <DropdownItem key="all" data-testid={`close-all-${o.id}`}>
                  {t('Close all')}
                </DropdownItem>
                <DropdownItem key="part" data-testid={`close-part-${o.id}`}>
                  {t('Close part')}
                </DropdownItem>
                <DropdownItem key="trailing" data-testid={`trailing-stop-${o.id}`}>
                  {t('Trailing stop')}
                </DropdownItem>
              </DropdownMenu>
            </Dropdown>
          </ButtonGroup>
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
      <Tabs
        aria-label={t('Positions')}
        variant="underlined"
        // Three tabs on a phone: they wrap rather than scroll sideways. As wide as their labels
        // (HeroUI's are full width), so on a desktop they share one row.
        classNames={{ tabList: 'flex-wrap', tab: 'w-auto' }}
        data-testid="positions-tabs"
      >
        <Tab key="all" title={t('All Positions')}>
          {table(rows, 'positions-all')}
        </Tab>
        <Tab key="open" title={t('Opened Positions')}>
          {table(
            rows.filter((o) => o.closeTime === null),
            'positions-open'
          )}
        </Tab>
        <Tab
          key="pending"
          title={
            <span data-testid="pending-tab">
              {t('Pending Orders')}
              {props.pending.meta.total > 0 && ` (${props.pending.meta.total})`}
            </span>
          }
        >
          <PendingOrdersTable
            list={props.pending}
            prices={props.prices}
            kinds={props.kinds}
            onChanged={props.onChanged}
          />
        </Tab>
      </Tabs>
      {partOf && (
        <ClosePartModal
          order={partOf}
          category={props.kinds[partOf.instrument]}
          onClose={() => setPartOf(null)}
          onClosed={props.onChanged}
        />
      )}
      {trailing.modals}
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

/**
 * The trailing stop of an open position (issue 23 item 2), in the one record
 * modal: a distance in price units, or in pips when the site's stop-loss
 * selector is pips (PUT /dashboard/orders/:id { trailing }); switched off,
 * it removes the trailing (null). The server moves the stop-loss behind the
 * price as it improves, never back.
 */
function useTrailingEditor(props: {
  pips: boolean
  kinds: Record<string, Category>
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const shown = (o: OrderRow | null) =>
    o?.trailing ? (props.pips ? distanceInPips(o.trailing, o.quote) : o.trailing) : ''
  return useRecordEditor<OrderRow, { trailingOn: boolean; trailing: string }>({
    testId: 'trailing',
    titles: { add: 'Trailing stop', edit: 'Trailing stop' },
    size: 'lg',
    initial: (o) => ({ trailingOn: true, trailing: shown(o) }),
    rules: (v) => ({
      trailing:
        v.trailingOn && !(isDecimalString(v.trailing) && money(v.trailing).greaterThan(0))
          ? 'Enter a distance greater than zero'
          : undefined,
    }),
    fields: (form, o) => {
      const error = form.errorFor('trailing')
      const step = props.pips
        ? '1'
        : o
          ? priceStep(props.kinds[o.instrument] ?? 'forex', o.quote, o.openRate)
          : '1'
      return (
        <>
          <p className="text-small text-default-500">
            {o ? `#${o.id} · ${t(orderTypeLabel(o.type))} · ${o.pair}` : ''}
          </p>
          <SwitchField
            form={form}
            name="trailingOn"
            label="Trail the stop-loss"
            description="Off: the stop-loss stays where it is."
          />
          {form.values.trailingOn && (
            <StepperInput
              label={props.pips ? t('Distance (pips)') : t('Distance (price)')}
              value={form.values.trailing}
              onChange={(v) => form.setValue('trailing', v)}
              min="0"
              step={step}
              error={error ? t(error) : undefined}
              testId="trailing-distance"
            />
          )}
          <p className="text-tiny text-default-500">
            {t(
              'The stop-loss follows the price at this distance as it improves and never moves back. It runs on our servers, also while you are offline.'
            )}
          </p>
        </>
      )
    },
    updateUrl: (o) => route('orders.update', { id: o.id }),
    body: (v) => ({ trailing: v.trailingOn ? v.trailing.trim() : null }),
    rowId: (o) => o.id,
    onChanged: props.onChanged,
  })
}
