import { Autocomplete, AutocompleteItem } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

type Props<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  countries: string[]
}

/** Country picker over the shipped list, placeholder 'Choose a country' (customer spec §5). */
export function CountryField<V extends Record<string, any>>({ form, name, countries }: Props<V>) {
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
