import { Switch } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

export type SwitchFieldProps<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  label: string
  /** A hint under the switch; the server's message replaces it. */
  description?: string
  isDisabled?: boolean
}

/** The HeroUI switch behind SwitchField, fetched after the page paints (switch_field.tsx). */
export default function SwitchFieldControl<V extends Record<string, any>>(
  props: SwitchFieldProps<V>
) {
  const { t } = useTranslation()
  const error = props.form.errorFor(props.name)
  return (
    <div className="flex flex-col gap-1">
      <Switch
        name={props.name}
        isSelected={props.form.values[props.name] === true}
        onValueChange={(on) => {
          props.form.setValue(props.name, on as V[typeof props.name])
          props.form.touch(props.name)
        }}
        isDisabled={props.isDisabled}
        data-testid={`switch-${props.name}`}
      >
        {t(props.label)}
      </Switch>
      {error ? (
        <span className="text-tiny text-danger">{t(error)}</span>
      ) : props.description ? (
        <span className="text-tiny text-default-500">{t(props.description)}</span>
      ) : null}
    </div>
  )
}
