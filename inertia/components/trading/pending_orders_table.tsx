import { Button } from '@heroui/react'
import { listPaging, PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { StepperInput } from '~/components/trading/stepper_input'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { TextField } from '~/components/form/text_field'
import { EXPIRY_CHOICES, isoToUtcInput, utcInputToIso } from '~/lib/pending_expiry'
import { useRowAction } from '~/hooks/use_row_action'
import { useTranslation } from '~/hooks/use_translation'
import type { PendingOrderList, PendingOrderRow } from '~/hooks/use_pending_orders'
import type { LivePrice } from '~/hooks/use_prices'
import { formatDateTime, formatRate } from '@domain/formatting'
import { isDecimalString } from '@domain/decimal_strings'
import { isCategory, type Category } from '@domain/instruments'
import { priceStep } from '@domain/price_steps'
import type { PendingExpiry } from '@domain/pending_orders'
import { route } from '~/lib/routes'

type ModifyValues = {
  price: string
  profit: string
  loss: string
  expiry: PendingExpiry
  expiresAt: string
}

/** Good till cancelled, or the moment the order expires (end of the trading day or the chosen time). */
export function expiryText(o: PendingOrderRow, t: (key: string) => string) {
  return o.expiry === 'gtc' || !o.expiresAt
    ? t('Good till cancelled')
    : formatDateTime(o.expiresAt, 'table')
}

const RATE_MESSAGE = 'Enter a rate such as 1.08652'
const optionalRate = (value: string) =>
  value.trim() === '' || isDecimalString(value) ? undefined : RATE_MESSAGE

/**
 * The "Pending Orders" tab (issue 23 item 1): the orders waiting for their
 * price, with the market now beside each trigger; Modify (price, take
 * profit, stop loss, expiry in the one record modal → PUT
 * /dashboard/pending-orders/:id) and Cancel (the one confirmation → DELETE).
 */
export function PendingOrdersTable(props: {
  list: PendingOrderList
  prices: Record<string, LivePrice>
  kinds: Record<string, Category>
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const changed = () => {
    props.list.reload()
    props.onChanged()
  }
  const modify = useRecordEditor<PendingOrderRow, ModifyValues>({
    testId: 'pending',
    titles: { add: 'Modify Order', edit: 'Modify Order' },
    size: 'lg',
    initial: (row) => ({
      price: row?.price ?? '',
      profit: row?.takeProfit ?? '',
      loss: row?.stopLoss ?? '',
      expiry: (row?.expiry as PendingExpiry) ?? 'gtc',
      expiresAt: row?.expiry === 'date' ? isoToUtcInput(row.expiresAt) : '',
    }),
    rules: (v) => ({
      price: isDecimalString(v.price) ? undefined : RATE_MESSAGE,
      profit: optionalRate(v.profit),
      loss: optionalRate(v.loss),
      expiresAt:
        v.expiry === 'date' && !utcInputToIso(v.expiresAt)
          ? 'Choose the date and time the order expires'
          : undefined,
    }),
    fields: (form, row) => {
      const category =
        row && isCategory(props.kinds[row.instrument]) ? props.kinds[row.instrument] : 'forex'
      const priceError = form.errorFor('price')
      return (
        <>
          <p className="text-small text-default-500">
            {row ? `#${row.id} · ${t(row.label)} · ${row.pair} · ${row.units}` : ''}
          </p>
          <StepperInput
            label={t('Price')}
            value={form.values.price}
            onChange={(v) => form.setValue('price', v)}
            min="0"
            step={row ? priceStep(category, row.quote, row.price) : '1'}
            error={priceError ? t(priceError) : undefined}
            testId="pending-price"
          />
          <NumberField
            form={form}
            name="profit"
            label="Take/Profit"
            decimals={8}
            placeholder="None"
          />
          <NumberField form={form} name="loss" label="Stop/Loss" decimals={8} placeholder="None" />
          <SelectField
            form={form}
            name="expiry"
            label="Expiry"
            options={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: t(c.label) }))}
          />
          {form.values.expiry === 'date' && (
            <TextField
              form={form}
              name="expiresAt"
              label="Expires at (UTC)"
              type="datetime-local"
            />
          )}
        </>
      )
    },
    updateUrl: (row) => route('pending_orders.update', { id: row.id }),
    body: (v) => ({
      price: v.price.trim(),
      profit: v.profit.trim() || null,
      loss: v.loss.trim() || null,
      expiry: v.expiry,
      expiresAt: v.expiry === 'date' ? utcInputToIso(v.expiresAt) : null,
    }),
    rowId: (row) => row.id,
    onChanged: changed,
  })
  const cancel = useRowAction<PendingOrderRow, 'cancel'>(
    {
      cancel: {
        title: 'Cancel Order',
        message: 'Cancel this pending order? It will not be filled.',
        confirmLabel: 'Cancel Order',
        confirmColor: 'danger',
        request: (row) => ({
          method: 'DELETE',
          url: route('pending_orders.destroy', { id: row.id }),
        }),
      },
    },
    { onDone: changed, testId: 'pending-cancel-dialog' }
  )

  const columns: PagedColumn<PendingOrderRow>[] = [
    { key: 'id', label: 'Ticket' },
    { key: 'createdTime', label: 'Time' },
    {
      key: 'label',
      label: 'Type',
      render: (o) => <span data-testid={`pending-type-${o.id}`}>{t(o.label)}</span>,
    },
    { key: 'units', label: 'Units', align: 'end' },
    { key: 'pair', label: 'Instrument' },
    {
      key: 'price',
      label: 'Price',
      align: 'end',
      render: (o) => (
        <span className="font-mono" data-testid={`pending-price-${o.id}`}>
          {formatRate(o.price, o.digits)}
        </span>
      ),
    },
    {
      key: 'marketRate',
      label: 'Market Rate',
      align: 'end',
      render: (o) => {
        const live = props.prices[o.instrument]
        return formatRate(o.type === 'buy' ? live?.asks : live?.bids, o.digits)
      },
    },
    {
      key: 'takeProfit',
      label: 'Take/Profit',
      render: (o) => (o.takeProfit ? formatRate(o.takeProfit, o.digits) : t('N/A')),
    },
    {
      key: 'stopLoss',
      label: 'Stop/Loss',
      render: (o) => (o.stopLoss ? formatRate(o.stopLoss, o.digits) : t('N/A')),
    },
    {
      key: 'expiresText',
      label: 'Expiry',
      render: (o) => <span data-testid={`pending-expiry-${o.id}`}>{expiryText(o, t)}</span>,
    },
    {
      key: 'actions',
      label: ' ',
      render: (o) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="flat"
            onPress={() => modify.edit(o)}
            data-testid={`pending-modify-${o.id}`}
          >
            {t('Modify')}
          </Button>
          <Button
            size="sm"
            color="danger"
            variant="flat"
            onPress={() => cancel.ask(o, 'cancel')}
            data-testid={`pending-cancel-${o.id}`}
          >
            {t('Cancel')}
          </Button>
        </div>
      ),
    },
  ]

  return (
    <>
      <PagedTable
        label="Pending Orders"
        columns={columns}
        {...listPaging(props.list)}
        rowKey={(o) => o.id}
        emptyText="No pending orders"
        testId="pending-orders"
      />
      {modify.modals}
      {cancel.dialog}
    </>
  )
}
