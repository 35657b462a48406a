import { Input, type InputProps } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

type Props<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  label: string
} & Omit<InputProps, 'form' | 'name' | 'label' | 'value' | 'onValueChange'>

/** A text input bound to the one form pattern: value, touch on blur, message under the field. */
export function TextField<V extends Record<string, any>>({ form, name, label, ...rest }: Props<V>) {
  const { t } = useTranslation()
  const error = form.errorFor(name)
  return (
    <Input
      name={name}
      label={t(label)}
      labelPlacement="outside"
      placeholder={rest.placeholder ? t(rest.placeholder) : ' '}
      variant="bordered"
      value={(form.values[name] ?? '') as string}
      onValueChange={(v) => form.setValue(name, v as V[typeof name])}
      onBlur={() => form.touch(name)}
      isInvalid={!!error}
      errorMessage={error ? t(error) : undefined}
      {...rest}
    />
  )
}
