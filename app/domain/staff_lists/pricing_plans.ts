import type { ListColumn, ListField, StaffListDeclaration } from '../staff_list.js'
import {
  LEVERAGE_COLUMN_LABELS,
  LEVERAGE_LABELS,
  PLAN_CATEGORIES,
  STOPOUT_LABELS,
  type LeverageField,
  type StopoutField,
} from '../pricing_plans.js'

/** A plan as its list and edit modal receive it (admin spec §3 Pricing plan). */
export type PricingPlanListRow = {
  id: number
  name: string
  description: string | null
  price: string
  swapFree: boolean
} & Record<LeverageField, number | null> &
  Record<StopoutField, string | null>

/**
 * Pricing Plans (admin spec §2 Pricing Plans, §3, §8): ID, name, price, the
 * five leverages, swap-free, actions; add and edit in one record modal (name,
 * description, price default 0, each category's leverage and stop-out side
 * by side, empty meaning none, swap-free), delete behind 'Are you sure to
 * delete this plan?'. Its list is GET /dashboard/pricing, which the
 * customers' pricing page shares, so its routes are named, not derived.
 */
export const PRICING_PLAN_LIST: StaffListDeclaration<PricingPlanListRow> = {
  screen: 'admin.pricing.index',
  api: {
    list: 'pricing.list',
    store: 'admin.pricing.store',
    update: 'admin.pricing.update',
    destroy: 'admin.pricing.destroy',
  },
  label: 'Pricing Plans',
  testId: 'plans',
  editorTestId: 'plan',
  columns: [
    { key: 'id', label: 'ID', kind: 'id' },
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'price', label: 'Price', kind: 'number' },
    ...PLAN_CATEGORIES.map((c): ListColumn<PricingPlanListRow> => ({
      key: `${c}Leverage`,
      label: LEVERAGE_COLUMN_LABELS[c],
      kind: 'number',
      empty: '-',
    })),
    { key: 'swapFree', label: 'Swap-free', kind: 'yesNo' },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add Plan', edit: 'Edit Plan' },
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: 'Name is required', empty: null },
      { name: 'description', label: 'Description', kind: 'text', empty: null },
      { name: 'price', label: 'Price', kind: 'number', decimals: 2, initial: '0', empty: '0' },
      ...PLAN_CATEGORIES.flatMap((c): ListField<PricingPlanListRow>[] => [
        {
          name: `${c}Leverage`,
          label: LEVERAGE_LABELS[c],
          kind: 'number',
          empty: null,
          half: true,
        },
        {
          name: `${c}Stopout`,
          label: STOPOUT_LABELS[c],
          kind: 'number',
          decimals: 2,
          unit: '%',
          empty: null,
          half: true,
        },
      ]),
      {
        name: 'swapFree',
        label: 'Swap-free',
        kind: 'switch',
        hint: 'Its customers pay and earn no overnight swap',
      },
    ],
  },
  deleteMessage: 'Are you sure to delete this plan?',
}
