import { Button, Input } from '@heroui/react'
import { money } from '@domain/money'
import { isDecimalString, numberTyping } from '@domain/decimal_strings'
import { useTranslation } from '~/hooks/use_translation'

/**
 * A decimal input with minus and plus buttons that change it by 1 (customer
 * spec §2, §9) or by `step` (a pending order's price: a pip or a price
 * digit); a button does nothing past `min` or `max`. The value stays a
 * string so no float ever stands for a price or an amount.
 */
export function StepperInput(props: {
  label: string
  value: string
  onChange: (value: string) => void
  min?: string
  max?: string
  /** What one press adds or takes away (default 1). */
  step?: string
  error?: string
  testId: string
}) {
  const { t } = useTranslation()
  const current = isDecimalString(props.value) ? money(props.value) : money(0)
  const step = money(props.step ?? 1)
  // A stepped price keeps its digits ('1.08650' − 1 pip = '1.08640'); the default steps keep the plain form.
  const places = props.step
    ? Math.max(current.decimalPlaces(), step.decimalPlaces(), fractionDigits(props.value))
    : undefined
  const shown = (value: ReturnType<typeof money>) =>
    places === undefined ? value.toFixed() : value.toFixed(places)
  const canMinus = props.min === undefined || current.greaterThan(money(props.min))
  const canPlus = props.max === undefined || current.lessThan(money(props.max))
  const minus = () => {
    if (!canMinus) return
    const next = current.minus(step)
    props.onChange(
      shown(props.min !== undefined && next.lessThan(money(props.min)) ? money(props.min) : next)
    )
  }
  const plus = () => {
    if (!canPlus) return
    const next = current.plus(step)
    props.onChange(
      shown(props.max !== undefined && next.greaterThan(money(props.max)) ? money(props.max) : next)
    )
  }
  return (
    // A text field with a decimal keyboard: the −/+ buttons are the only steppers (no native spinner arrows).
    <Input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      label={props.label}
      value={props.value}
      onValueChange={(typed) => {
        // Only what can become a decimal enters the field: letters are refused as they are typed.
        const text = numberTyping(typed, { decimals: Infinity })
        if (text !== null) props.onChange(text)
      }}
      isInvalid={!!props.error}
      errorMessage={props.error}
      data-testid={props.testId}
      startContent={
        <Button
          isIconOnly
          size="sm"
          variant="flat"
          aria-label={t('Decrease')}
          onPress={minus}
          data-testid={`${props.testId}-minus`}
        >
          −
        </Button>
      }
      endContent={
        <Button
          isIconOnly
          size="sm"
          variant="flat"
          aria-label={t('Increase')}
          onPress={plus}
          data-testid={`${props.testId}-plus`}
        >
          +
        </Button>
      }
    />
  )
}

/** Digits after the point as typed, trailing zeros included ('1.08650' → 5). */
function fractionDigits(text: string) {
  const point = text.indexOf('.')
  return point === -1 ? 0 : text.length - point - 1
}
