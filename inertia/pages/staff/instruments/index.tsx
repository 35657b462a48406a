import { Chip } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type InstrumentsController from '#controllers/staff/instruments_controller'
import type { InstrumentAdminRow } from '#transformers/instrument_transformer'
import { CATEGORIES, CATEGORY_TITLES, type Category } from '@domain/instruments'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { SwitchField } from '~/components/form/switch_field'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { required } from '~/lib/rules'
import { route } from '~/lib/routes'

const TEXT_FIELDS = [
  'name',
  'base',
  'quote',
  'category',
  'bids',
  'asks',
  'tradingview',
  'alias',
  'leverage',
  'swap',
  'swapLong',
  'swapShort',
  'exposureLimit',
] as const
type Values = Record<(typeof TEXT_FIELDS)[number], string> & { tradable: boolean }

/** Instruments (admin spec §2 Instruments list): one page for the five screens, titled by the category of its path. */
export default function Instruments({ category }: InferPageProps<InstrumentsController, 'index'>) {
  // Moving between the five screens starts the list and the modal over.
  return <InstrumentList key={category} category={category} />
}

/**
 * The generic data table over /admin/instruments/api/{category} (ID,
 * instrument, base, quote, bids, asks, chart provider, alias, leverage,
 * tradable, actions); add and edit in the one record modal with the path's
 * category preselected; delete behind 'Are you sure to delete this pair?'.
 */
function InstrumentList({ category }: { category: Category }) {
  const { t } = useTranslation()
  const list = useServerList<InstrumentAdminRow>(route('admin.instruments.list', { category }))
  const editor = useRecordEditor<InstrumentAdminRow, Values>({
    testId: 'instrument',
    titles: { add: 'Add Instrument', edit: 'Edit Instrument' },
    initial: (row) => ({
      ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(row?.[f] ?? '')])) as Omit<
        Values,
        'tradable'
      >),
      ...(row ? {} : { category, leverage: '0', swap: '0' }),
      tradable: row?.tradable ?? true,
    }),
    rules: (v) => ({
      name: required(v.name, 'Name is required'),
      base: required(v.base, 'Base is required'),
      quote: required(v.quote, 'Quote is required'),
      category: required(v.category, 'Category is required'),
      tradingview: required(v.tradingview, 'Chart provider is required'),
      leverage: required(v.leverage, 'Leverage is required'),
    }),
    fields: (form) => (
      <>
        <TextField form={form} name="name" label="Instrument" />
        <div className="grid grid-cols-2 gap-x-4 gap-y-6">
          <TextField form={form} name="base" label="Base" />
          <TextField form={form} name="quote" label="Quote" />
          <SelectField
            form={form}
            name="category"
            label="Category"
            options={CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_TITLES[c]) }))}
          />
          <TextField form={form} name="tradingview" label="Chart Provider" />
          <NumberField form={form} name="bids" label="Bids" decimals={8} />
          <NumberField form={form} name="asks" label="Asks" decimals={8} />
          <NumberField form={form} name="leverage" label="Leverage" />
          <NumberField form={form} name="swap" label="Swap" decimals={4} signed unit="%" />
          <NumberField
            form={form}
            name="exposureLimit"
            label="Exposure limit"
            decimals={2}
            unit="USD"
            placeholder="No limit"
          />
          <NumberField
            form={form}
            name="swapLong"
            label="Swap long"
            decimals={4}
            signed
            unit="%"
            placeholder="Swap"
            description={t('Annual %, positive = credit; empty: Swap charged both ways')}
          />
          <NumberField
            form={form}
            name="swapShort"
            label="Swap short"
            decimals={4}
            signed
            unit="%"
            placeholder="Swap"
            description={t('Annual %, positive = credit; empty: Swap charged both ways')}
          />
        </div>
        <TextField form={form} name="alias" label="Alias" />
        <SwitchField form={form} name="tradable" label="Tradable" />
      </>
    ),
    createUrl: route('admin.instruments.store'),
    updateUrl: (row) => route('admin.instruments.update', { id: row.id }),
    body: (v, row) => {
      const { bids, asks, ...text } = Object.fromEntries(
        TEXT_FIELDS.map((f) => [f, v[f].trim() || null])
      )
      // A price left as the list showed it is not sent: the stored one stays (a live feed keeps it current).
      const repriced = !row || v.bids !== (row.bids ?? '') || v.asks !== (row.asks ?? '')
      return {
        ...text,
        swap: text.swap ?? '0',
        tradable: v.tradable,
        ...(repriced ? { bids, asks } : {}),
      }
    },
    remove: {
      url: (row) => route('admin.instruments.destroy', { id: row.id }),
      message: 'Are you sure to delete this pair?',
    },
    rowId: (row) => row.id,
    onChanged: list.reload,
  })

  const columns: PagedColumn<InstrumentAdminRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    { key: 'name', label: 'Instrument', sortValue: (r) => r.name },
    { key: 'base', label: 'Base', sortValue: (r) => r.base },
    { key: 'quote', label: 'Quote', sortValue: (r) => r.quote },
    {
      key: 'bids',
      label: 'Bids',
      render: (r) => <span className="font-mono">{r.bids ?? '-'}</span>,
    },
    {
      key: 'asks',
      label: 'Asks',
      render: (r) => <span className="font-mono">{r.asks ?? '-'}</span>,
    },
    { key: 'tradingview', label: 'Chart Provider', render: (r) => r.tradingview ?? '-' },
    { key: 'alias', label: 'Alias', render: (r) => r.alias ?? '-' },
    { key: 'leverage', label: 'Leverage', sortValue: (r) => r.leverage },
    {
      key: 'tradable',
      label: 'Tradable',
      render: (r) => (
        <Chip
          size="sm"
          variant="flat"
          color={r.tradable ? 'success' : 'danger'}
          data-testid={`tradable-${r.id}`}
        >
          {r.tradable ? t('Tradable') : t('Not tradable')}
        </Chip>
      ),
    },
    { key: 'actions', label: 'Actions', render: editor.rowButtons },
  ]

  return (
    <>
      <AdminDataTable
        label={CATEGORY_TITLES[category]}
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="instruments"
        actions={editor.addButton}
      />
      {editor.modals}
    </>
  )
}

Instruments.layout = staffLayout
