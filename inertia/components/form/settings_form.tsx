import { Button, Card, CardBody } from '@heroui/react'
import { settingsProblems, type SettingsSchema, type SettingsValues } from '@domain/settings_schema'
import { TextField } from '~/components/form/text_field'
import { SelectField } from '~/components/form/select_field'
import { SwitchField } from '~/components/form/switch_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'

/**
 * A settings form generated from its schema (app/domain/settings_schema.ts):
 * one field per entry by kind, the schema's rule and messages as the client
 * rules (the server runs the same check), a secret shown blank with a hint
 * that blank keeps it. Toasts the server's message on success; a failure
 * toasts the server's message and shows field errors under the fields.
 */
export function SettingsForm(props: {
  schema: SettingsSchema
  values: SettingsValues
  secretsSet?: string[]
  url: string
  testId: string
  /** Half width in its card, as the spec draws Spread Settings. */
  className?: string
}) {
  const { t } = useTranslation()
  const { schema } = props
  const form = useApiForm<SettingsValues>(props.values, (values) =>
    settingsProblems(schema, values)
  )
  return (
    <Card className={props.className ?? 'max-w-xl'}>
      <CardBody>
        <form
          className="flex flex-col gap-6"
          data-testid={props.testId}
          onSubmit={(e) => {
            e.preventDefault()
            form.submit<{ message: string }>('POST', props.url, {
              transform: (values) =>
                Object.fromEntries(
                  Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
                ),
              onSuccess: (data) => toastSuccess(data.message),
              onError: (message) => toastError(message),
            })
          }}
        >
          {schema.fields.map((field) => {
            switch (field.kind) {
              case 'switch':
                return (
                  <SwitchField key={field.name} form={form} name={field.name} label={field.label} />
                )
              case 'choice':
                return (
                  <SelectField
                    key={field.name}
                    form={form}
                    name={field.name}
                    label={field.label}
                    options={field.options.map((o) => ({ value: o.value, label: t(o.label) }))}
                  />
                )
              default:
                return (
                  <TextField
                    key={field.name}
                    form={form}
                    name={field.name}
                    label={field.label}
                    inputMode={
                      field.kind === 'integer'
                        ? 'numeric'
                        : field.kind === 'decimal'
                          ? 'decimal'
                          : undefined
                    }
                    type={field.kind === 'text' && field.secret ? 'password' : 'text'}
                    description={
                      field.kind === 'text' &&
                      field.secret &&
                      props.secretsSet?.includes(field.name)
                        ? t('Set · leave blank to keep it')
                        : undefined
                    }
                    data-testid={`setting-${field.name}`}
                  />
                )
            }
          })}
          <Button
            type="submit"
            color="primary"
            isLoading={form.processing}
            className="self-start"
            data-testid={`${props.testId}-submit`}
          >
            {t('Submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  )
}
