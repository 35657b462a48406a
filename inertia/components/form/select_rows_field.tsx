import { useTranslation } from '~/hooks/use_translation'
import { afterPaint } from '~/components/common/after_paint'
import type { SelectRowsProps } from '~/components/form/select_rows_control'

/** The rows' label and one bordered box per row, while HeroUI's select is fetched. */
function SelectRowsPlaceholder(props: SelectRowsProps<Record<string, any>>) {
  const { t } = useTranslation()
  const rows = (props.form.values[props.name] ?? []) as unknown[]
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <span className="text-small">{t(props.label)}</span>
      {rows.map((_, index) => (
        <div key={index} className="h-10 rounded-medium border-medium border-default-200" />
      ))}
    </div>
  )
}

const DeferredRows = afterPaint<SelectRowsProps<Record<string, any>>>(
  () => import('~/components/form/select_rows_control'),
  SelectRowsPlaceholder
)

/**
 * A list of single choices bound to the form pattern, one select per row,
 * with Remove on each row and an add button (a team's members): the value is
 * `[{ id }]`, each row's server message shows under it.
 */
export function SelectRowsField<V extends Record<string, any>>(props: SelectRowsProps<V>) {
  return <DeferredRows {...(props as SelectRowsProps<Record<string, any>>)} />
}
