import { useTranslation } from '~/hooks/use_translation'
import { afterPaint } from '~/components/common/after_paint'
import type { SelectFieldProps } from '~/components/form/select_field_control'

/** The select's label and bordered box, at its size, while HeroUI's select is fetched. */
function SelectFieldPlaceholder({ label }: SelectFieldProps<Record<string, any>>) {
  const { t } = useTranslation()
  return (
    <div className="flex w-full flex-col gap-1.5" aria-hidden="true">
      <span className="text-small text-foreground">{t(label)}</span>
      <div className="h-10 rounded-medium border-medium border-default-200" />
    </div>
  )
}

const DeferredSelect = afterPaint<SelectFieldProps<Record<string, any>>>(
  () => import('~/components/form/select_field_control'),
  SelectFieldPlaceholder
)

/**
 * A single-choice select bound to the form pattern. HeroUI's select (with its
 * listbox, popover and collection code, ~40 kB gzip) comes after the page paints.
 */
export function SelectField<V extends Record<string, any>>(props: SelectFieldProps<V>) {
  return <DeferredSelect {...(props as SelectFieldProps<Record<string, any>>)} />
}
