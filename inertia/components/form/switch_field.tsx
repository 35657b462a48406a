import { Switch } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

type Props<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  label: string
  /** A hint under the switch (the server's message replaces it). */
  description?: string
  isDisabled?: boolean
}

/** An on/off value (a boolean) bound to the one form pattern; the server's message shows under it. */
export function SwitchField<V extends Record<string, any>>({ form, name, label, description, isDisabled }: Props<V>) {
  const { t } = useTranslation()
  const error = form.errorFor(name)
  return (
    <div className="flex flex-col gap-1" data-testid={`switch-field-${name}`}>
      <Switch
        name={name}
        size="sm"
        isSelected={!!form.values[name]}
        onValueChange={(on) => {
          form.setValue(name, on as V[typeof name])
          form.touch(name)
        }}
        isDisabled={isDisabled}
        aria-invalid={!!error}
      >
        {t(label)}
      </Switch>
      {(error || description) && (
        <div className={`text-tiny ${error ? 'text-danger' : 'text-default-500'}`}>
          {error ? t(error) : t(description!)}
        </div>
      )}
    </div>
  )
}
