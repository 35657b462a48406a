import { Autocomplete, AutocompleteItem } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

export type CountryFieldProps<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  countries: string[]
}

/** The HeroUI autocomplete behind CountryField, fetched after the page paints (country_field.tsx). */
export default function CountryFieldControl<V extends Record<string, any>>({
  form,
  name,
  countries,
}: CountryFieldProps<V>) {
  const { t } = useTranslation()
  const error = form.errorFor(name)
  const value = (form.values[name] ?? '') as string
  return (
    <Autocomplete
      name={name}
      label={t('Country')}
      labelPlacement="outside"
      placeholder={t('Choose a country')}
      variant="bordered"
      selectedKey={value || null}
      onSelectionChange={(key) => form.setValue(name, ((key as string) ?? '') as V[typeof name])}
      onBlur={() => form.touch(name)}
      isInvalid={!!error}
      errorMessage={error ? t(error) : undefined}
      defaultItems={countries.map((c) => ({ key: c }))}
    >
      {(item) => <AutocompleteItem key={item.key}>{item.key}</AutocompleteItem>}
    </Autocomplete>
  )
}
