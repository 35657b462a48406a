import type { PlanRow } from '#transformers/plan_transformer'
import {
  LEVERAGE_COLUMN_LABELS,
  LEVERAGE_LABELS,
  PLAN_CATEGORIES,
  STOPOUT_LABELS,
} from '@domain/pricing_plans'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SwitchField } from '~/components/form/switch_field'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Field = keyof Omit<PlanRow, 'id' | 'swapFree'>
type Values = Record<Field, string> & { swapFree: boolean }

const FIELDS: Field[] = [
  'name',
  'description',
  'price',
  ...PLAN_CATEGORIES.flatMap((c) => [`${c}Leverage`, `${c}Stopout`] as const),
]

/**
 * Pricing Plans (admin spec §2 Pricing Plans, §3, §8): the generic data table
 * over GET /dashboard/pricing (ID, name, price, the five leverages, actions);
 * add and edit in the one record modal (name, description, price default 0,
 * five leverages and five stop-outs, empty meaning none), delete behind
 * 'Are you sure to delete this plan?'.
 */
export default function PricingPlans() {
  const { t } = useTranslation()
  const list = useServerList<PlanRow>(route('pricing.list'))
  const editor = useRecordEditor<PlanRow, Values>({
    testId: 'plan',
    titles: { add: 'Add Plan', edit: 'Edit Plan' },
    initial: (row) => ({
      ...(Object.fromEntries(
        FIELDS.map((f) => [f, row ? String(row[f] ?? '') : f === 'price' ? '0' : ''])
      ) as Record<Field, string>),
      swapFree: row?.swapFree ?? false,
    }),
    rules: (v) => ({ name: v.name.trim() ? undefined : 'Name is required' }),
    fields: (form) => (
      <>
        <TextField form={form} name="name" label="Name" />
        <TextField form={form} name="description" label="Description" />
        <NumberField form={form} name="price" label="Price" decimals={2} />
        {/* Each category's leverage and stop-out side by side; empty means none. */}
        <div className="grid grid-cols-2 gap-x-4 gap-y-6">
          {PLAN_CATEGORIES.map((c) => [
            <NumberField
              key={`${c}L`}
              form={form}
              name={`${c}Leverage`}
              label={LEVERAGE_LABELS[c]}
            />,
            <NumberField
              key={`${c}S`}
              form={form}
              name={`${c}Stopout`}
              label={STOPOUT_LABELS[c]}
              decimals={2}
              unit="%"
            />,
          ])}
        </div>
        <SwitchField
          form={form}
          name="swapFree"
          label="Swap-free"
          description="Its customers pay and earn no overnight swap"
        />
      </>
    ),
    createUrl: route('admin.pricing.store'),
    updateUrl: (row) => route('admin.pricing.update', { id: row.id }),
    // Empty means none (null); the price defaults to 0; numbers travel as text, never as floats.
    body: (v) => ({
      ...Object.fromEntries(FIELDS.map((f) => [f, v[f].trim() || (f === 'price' ? '0' : null)])),
      swapFree: v.swapFree,
    }),
    remove: {
      url: (row) => route('admin.pricing.destroy', { id: row.id }),
      message: 'Are you sure to delete this plan?',
    },
    rowId: (row) => row.id,
    onChanged: list.reload,
  })

  const columns: PagedColumn<PlanRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    { key: 'name', label: 'Name', sortValue: (r) => r.name.toLowerCase() },
    { key: 'price', label: 'Price', sortValue: (r) => Number(r.price) },
    ...PLAN_CATEGORIES.map((c) => ({
      key: `${c}Leverage`,
      label: LEVERAGE_COLUMN_LABELS[c],
      render: (r: PlanRow) => String(r[`${c}Leverage`] ?? '-'),
    })),
    {
      key: 'swapFree',
      label: 'Swap-free',
      render: (r) => (
        <span data-testid={`plan-swap-free-${r.id}`}>{t(r.swapFree ? 'Yes' : 'No')}</span>
      ),
    },
    { key: 'actions', label: 'Actions', render: editor.rowButtons },
  ]

  return (
    <>
      <AdminDataTable
        label="Pricing Plans"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="plans"
        actions={editor.addButton}
      />
      {editor.modals}
    </>
  )
}

PricingPlans.layout = staffLayout
