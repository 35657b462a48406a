import { Input, type InputProps } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { numberTyping } from '@domain/decimal_strings'

type Props<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  label: string
  /** Fraction digits the field takes: 0 for whole numbers (the numeric keypad), more (or Infinity) for decimals. */
  decimals?: number
  /** Allows a leading minus sign. */
  signed?: boolean
  /** A unit shown after the value ('%', 'USD'). */
  unit?: string
} & Omit<InputProps, 'form' | 'name' | 'label' | 'value' | 'onValueChange' | 'type'>

/**
 * A number bound to the one form pattern. The value stays the text typed (a
 * decimal string, '' when empty), never a float: the form's `body` decides
 * what an empty field sends (usually null) and the server parses it exactly.
 * Keys that cannot belong to such a number are ignored as they are typed.
 */
export function NumberField<V extends Record<string, any>>({
  form,
  name,
  label,
  decimals = 0,
  signed = false,
  unit,
  placeholder,
  ...rest
}: Props<V>) {
  const { t } = useTranslation()
  const error = form.errorFor(name)
  return (
    <Input
      name={name}
      type="text"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      label={t(label)}
      labelPlacement="outside"
      placeholder={placeholder ? t(placeholder) : ' '}
      variant="bordered"
      value={(form.values[name] ?? '') as string}
      onValueChange={(v) => {
        const text = numberTyping(v, { decimals, signed })
        if (text !== null) form.setValue(name, text as V[typeof name])
      }}
      onBlur={() => form.touch(name)}
      isInvalid={!!error}
      errorMessage={error ? t(error) : undefined}
      endContent={unit ? <span className="text-small text-default-400">{unit}</span> : undefined}
      {...rest}
    />
  )
}
