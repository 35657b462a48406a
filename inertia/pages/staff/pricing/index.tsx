import type { PlanRow } from '#transformers/plan_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { useServerList } from '~/hooks/use_server_list'

type Field = keyof Omit<PlanRow, 'id'>
type Values = Record<Field, string>

/** Each category's leverage and stop-out, side by side in the form (admin spec §3 Pricing plan). */
const TERMS: { leverage: { name: Field; label: string }; stopout: { name: Field; label: string } }[] = [
  { leverage: { name: 'forexLeverage', label: 'Forex Leverage' }, stopout: { name: 'forexStopout', label: 'Forex Stop-out' } },
  { leverage: { name: 'commodityLeverage', label: 'Commodity Leverage' }, stopout: { name: 'commodityStopout', label: 'Commodity Stop-out' } },
  { leverage: { name: 'stockLeverage', label: 'Stock Leverage' }, stopout: { name: 'stockStopout', label: 'Stock Stop-out' } },
  { leverage: { name: 'indexLeverage', label: 'Index Leverage' }, stopout: { name: 'indexStopout', label: 'Index Stop-out' } },
  { leverage: { name: 'cryptoLeverage', label: 'Crypto Leverage' }, stopout: { name: 'cryptoStopout', label: 'Crypto Stop-out' } },
]
const FIELDS = ['name', 'description', 'price', ...TERMS.flatMap((t) => [t.leverage.name, t.stopout.name])] as Field[]

/**
 * Pricing Plans (admin spec §2 Pricing Plans, §3, §8): the generic data table
 * over GET /dashboard/pricing (ID, name, price, the five leverages, actions);
 * add and edit in the one record modal (name, description, price default 0,
 * five leverages and five stop-outs, empty meaning none), delete behind
 * 'Are you sure to delete this plan?'.
 */
export default function PricingPlans() {
  const list = useServerList<PlanRow>('/dashboard/pricing')
  const editor = useRecordEditor<PlanRow, Values>({
    testId: 'plan',
    titles: { add: 'Add Plan', edit: 'Edit Plan' },
    initial: (row) =>
      Object.fromEntries(FIELDS.map((f) => [f, row?.[f] == null ? (f === 'price' ? '0' : '') : String(row[f])])) as Values,
    rules: (v) => ({ name: v.name.trim() ? undefined : 'Name is required' }),
    fields: (form) => (
      <>
        <TextField form={form} name="name" label="Name" />
        <TextField form={form} name="description" label="Description" />
        <NumberField form={form} name="price" label="Price" decimals={2} />
        <div className="grid grid-cols-2 gap-x-4 gap-y-6">
          {TERMS.map((term) => [
            <NumberField key={term.leverage.name} form={form} name={term.leverage.name} label={term.leverage.label} />,
            <NumberField key={term.stopout.name} form={form} name={term.stopout.name} label={term.stopout.label} decimals={2} unit="%" />,
          ])}
        </div>
      </>
    ),
    createUrl: '/admin/pricing',
    updateUrl: (row) => `/admin/pricing/${row.id}`,
    // Empty means none (null); the price defaults to 0; numbers travel as text, never as floats.
    body: (v) =>
      Object.fromEntries(FIELDS.map((f) => [f, v[f].trim() === '' ? (f === 'price' ? '0' : null) : v[f].trim()])),
    remove: { url: (row) => `/admin/pricing/${row.id}`, message: 'Are you sure to delete this plan?' },
    rowId: (row) => row.id,
    onChanged: list.reload,
  })

  const leverage = (value: number | null) => (value === null ? '-' : String(value))
  const columns: PagedColumn<PlanRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    { key: 'name', label: 'Name', sortValue: (r) => r.name.toLowerCase() },
    { key: 'price', label: 'Price', sortValue: (r) => Number(r.price), render: (r) => r.price },
    { key: 'forexLeverage', label: 'Forex Lev.', render: (r) => leverage(r.forexLeverage) },
    { key: 'commodityLeverage', label: 'Comm. Lev.', render: (r) => leverage(r.commodityLeverage) },
    { key: 'stockLeverage', label: 'Stock Lev.', render: (r) => leverage(r.stockLeverage) },
    { key: 'indexLeverage', label: 'Index Lev.', render: (r) => leverage(r.indexLeverage) },
    { key: 'cryptoLeverage', label: 'Crypto Lev.', render: (r) => leverage(r.cryptoLeverage) },
    { key: 'actions', label: 'Actions', render: editor.rowButtons },
  ]

  return (
    <>
      <AdminDataTable label="Pricing Plans" list={list} columns={columns} rowKey={(r) => r.id} testId="plans" actions={editor.addButton} />
      {editor.modals}
    </>
  )
}

PricingPlans.layout = staffLayout
