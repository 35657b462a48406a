import { useTranslation } from '~/hooks/use_translation'
import { afterPaint } from '~/components/common/after_paint'
import type { SwitchFieldProps } from '~/components/form/switch_field_control'

/** The switch's track and label, at their size, while HeroUI's switch is fetched. */
function SwitchFieldPlaceholder({ label }: SwitchFieldProps<Record<string, any>>) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-2 py-0.5" aria-hidden="true">
      <span className="h-7 w-12 rounded-full bg-default-200" />
      <span className="text-medium">{t(label)}</span>
    </div>
  )
}

const DeferredSwitch = afterPaint<SwitchFieldProps<Record<string, any>>>(
  () => import('~/components/form/switch_field_control'),
  SwitchFieldPlaceholder
)

/**
 * An on/off switch bound to the form pattern (a boolean value), its message
 * (or an optional hint) under it. HeroUI's switch (react-aria's toggle, ~11 kB
 * gzip) comes after the page paints.
 */
export function SwitchField<V extends Record<string, any>>(props: SwitchFieldProps<V>) {
  return <DeferredSwitch {...(props as SwitchFieldProps<Record<string, any>>)} />
}
