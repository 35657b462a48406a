import type { StaffTradeRow } from '#transformers/staff_trade_transformer'
import { useRecordEditor } from '~/components/data/record_editor'
import { SwitchField } from '~/components/form/switch_field'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { useRowAction } from '~/hooks/use_row_action'
import { tradeEvidence } from '~/components/staff/trade_cells'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Values = {
  openRate: string
  closeRate: string
  spread: string
  profit: string
  loss: string
  openTime: string
  /** Confirms a rate far from the current quote; offered once the server asks for it. */
  force: boolean
}

const RATE = /^\d{1,9}(\.\d{1,8})?$/
const rateRule = (value: string, message: string, optional = false) =>
  optional && !value.trim() ? undefined : RATE.test(value.trim()) ? undefined : message

export const OPEN_CLOSE_RATE_HINT = "(Can't edit open orders Close Rate)"
export const CLOSED_TARGETS_HINT = '(Take profit and stop loss apply to open orders only)'
export const FORCE_LABEL = 'Apply this rate although it is far from the market'
export const FORCE_HINT = 'The audit log records the confirmation and the distance from the quote.'

/**
 * The back office's order dialog and row actions (admin spec §2 Trades list,
 * Order edit dialog, §4): edit in the one record modal (open rate, close
 * rate — disabled for open orders with the spec's hint —, spread, take
 * profit, stop loss, open time as a datetime-local value cut to the minute,
 * UTC like every back-office date; a rate far from the current quote is
 * refused until staff confirm it with the switch the refusal brings up);
 * close (open orders only) and delete,
 * each behind a confirmation. Every success toasts the server's message and
 * calls `onChanged` (the list's reload).
 */
export function useOrderActions(onChanged: () => void) {
  const { t } = useTranslation()
  const editor = useRecordEditor<StaffTradeRow, Values>({
    testId: 'trade',
    titles: { add: 'Edit Order', edit: 'Edit Order' },
    initial: (row) => ({
      openRate: row?.openRate ?? '',
      closeRate: row?.closeRate ?? '',
      spread: row?.spread ?? '0',
      profit: row?.profit ?? '',
      loss: row?.loss ?? '',
      openTime: row?.openTime ?? '',
      force: false,
    }),
    rules: (v, row) => ({
      openRate: rateRule(v.openRate, 'Open rate must be a rate such as 1.08652'),
      closeRate:
        row?.status === 'closed'
          ? rateRule(v.closeRate, 'Close rate must be a rate such as 1.08652')
          : undefined,
      spread: rateRule(v.spread, 'Spread must be a number of at least 0 such as 0.5'),
      profit:
        row?.status === 'open'
          ? rateRule(v.profit, 'Take profit must be a rate such as 1.08652', true)
          : undefined,
      loss:
        row?.status === 'open'
          ? rateRule(v.loss, 'Stop loss must be a rate such as 1.08652', true)
          : undefined,
      openTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v.openTime)
        ? undefined
        : 'Open time must be a date and time such as 2025-03-07T16:05',
    }),
    fields: (form, row) => {
      const open = row?.status === 'open'
      const evidence = row ? tradeEvidence(row, t) : null
      return (
        <>
          {evidence && (
            <p className="text-small text-default-500" data-testid="trade-modal-evidence">
              {evidence}
            </p>
          )}
          <NumberField form={form} name="openRate" label="Open Rate" decimals={8} />
          <NumberField
            form={form}
            name="closeRate"
            label="Close Rate"
            decimals={8}
            isDisabled={open}
            description={open ? t(OPEN_CLOSE_RATE_HINT) : undefined}
          />
          <NumberField form={form} name="spread" label="Spread" decimals={8} />
          <NumberField
            form={form}
            name="profit"
            label="Take Profit"
            decimals={8}
            isDisabled={!open}
            description={open ? undefined : t(CLOSED_TARGETS_HINT)}
          />
          <NumberField
            form={form}
            name="loss"
            label="Stop Loss"
            decimals={8}
            isDisabled={!open}
            description={open ? undefined : t(CLOSED_TARGETS_HINT)}
          />
          <TextField form={form} name="openTime" label="Open Time (UTC)" type="datetime-local" />
          {(form.values.force || form.errorFor('force')) && (
            <SwitchField form={form} name="force" label={FORCE_LABEL} description={FORCE_HINT} />
          )}
        </>
      )
    },
    updateUrl: (row) => route('admin.trades.update', { id: row.id }),
    // Open orders: no close rate; a cleared target is sent as null (clears it). Closed orders: no targets.
    body: (v, row) => ({
      ...(row?.status === 'open'
        ? {
            openRate: v.openRate.trim(),
            spread: v.spread.trim(),
            profit: v.profit.trim() || null,
            loss: v.loss.trim() || null,
            openTime: v.openTime,
          }
        : {
            openRate: v.openRate.trim(),
            closeRate: v.closeRate.trim(),
            spread: v.spread.trim(),
            openTime: v.openTime,
          }),
      ...(v.force ? { force: true } : {}),
    }),
    rowId: (row) => row.id,
    onChanged,
    size: 'md',
  })

  const confirmed = useRowAction<StaffTradeRow, 'close' | 'delete'>(
    {
      close: {
        title: 'Close Order',
        message: 'Are you sure to close this order?',
        confirmLabel: 'Close',
        confirmColor: 'warning',
        testId: 'trade-close-dialog',
        request: (row) => ({
          method: 'POST',
          url: route('admin.trades.close'),
          body: { orderId: row.id, instrument: row.instrument },
        }),
      },
      delete: {
        title: 'Delete Order',
        message: 'Are you sure to delete this order?',
        confirmLabel: 'Delete',
        confirmColor: 'danger',
        testId: 'trade-delete-dialog',
        request: (row) => ({
          method: 'DELETE',
          url: route('admin.trades.destroy', { id: row.id }),
        }),
      },
    },
    { onDone: onChanged }
  )

  return {
    edit: (row: StaffTradeRow) => editor.edit(row),
    close: (row: StaffTradeRow) => confirmed.ask(row, 'close'),
    remove: (row: StaffTradeRow) => confirmed.ask(row, 'delete'),
    dialogs: (
      <>
        {editor.modals}
        {confirmed.dialog}
      </>
    ),
  }
}
