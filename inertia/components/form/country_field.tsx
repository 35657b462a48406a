import { useTranslation } from '~/hooks/use_translation'
import { afterPaint } from '~/components/common/after_paint'
import type { CountryFieldProps } from '~/components/form/country_field_control'

/** The picker's label and bordered box, at their size, while HeroUI's autocomplete is fetched. */
function CountryFieldPlaceholder() {
  const { t } = useTranslation()
  return (
    <div className="flex w-full flex-col gap-1.5" aria-hidden="true">
      <span className="text-small text-foreground">{t('Country')}</span>
      <div className="h-10 rounded-medium border-medium border-default-200" />
    </div>
  )
}

const DeferredCountry = afterPaint<CountryFieldProps<Record<string, any>>>(
  () => import('~/components/form/country_field_control'),
  CountryFieldPlaceholder
)

/**
 * Country picker over the shipped list, placeholder 'Choose a country'
 * (customer spec §5). HeroUI's autocomplete (react-aria's combobox and
 * listbox, ~25 kB gzip) comes after the page paints.
 */
export function CountryField<V extends Record<string, any>>(props: CountryFieldProps<V>) {
  return <DeferredCountry {...(props as CountryFieldProps<Record<string, any>>)} />
}
