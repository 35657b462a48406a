import { Select, SelectItem } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

export type SelectFieldProps<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  label: string
  placeholder?: string
  options: { value: string; label: string }[]
  isDisabled?: boolean
}

/** The HeroUI select behind SelectField, fetched after the page paints (select_field.tsx). */
export default function SelectFieldControl<V extends Record<string, any>>({
  form,
  name,
  label,
  placeholder,
  options,
  isDisabled,
}: SelectFieldProps<V>) {
  const { t } = useTranslation()
  const error = form.errorFor(name)
  const value = (form.values[name] ?? '') as string
  return (
    <Select
      name={name}
      label={t(label)}
      labelPlacement="outside"
      placeholder={placeholder ? t(placeholder) : undefined}
      variant="bordered"
      selectedKeys={value ? [value] : []}
      onSelectionChange={(keys) => {
        const [first] = Array.from(keys as Set<string>)
        form.setValue(name, (first ?? '') as V[typeof name])
      }}
      onClose={() => form.touch(name)}
      isInvalid={!!error}
      errorMessage={error ? t(error) : undefined}
      isDisabled={isDisabled}
      // Long options (a wallet with its available and on-hold amounts) wrap instead of being cut on a phone.
      classNames={{
        trigger: 'h-auto! min-h-10 py-1.5',
        value: 'whitespace-normal! overflow-visible!',
      }}
    >
      {options.map((o) => (
        <SelectItem key={o.value} classNames={{ title: 'whitespace-normal!' }}>
          {o.label}
        </SelectItem>
      ))}
    </Select>
  )
}
