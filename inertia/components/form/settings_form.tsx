import { Fragment, useState, type ReactNode } from 'react'
import { Button, Card, CardBody, CardHeader, Checkbox } from '@heroui/react'
import {
  settingsProblems,
  type SettingField,
  type SettingsSchema,
  type SettingsValues,
} from '@domain/settings_schema'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { SwitchField } from '~/components/form/switch_field'
import { FileField } from '~/components/form/file_field'
import { useApiForm, type ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'

/** The form's state: the schema's values and, for file fields, the chosen File (or null). */
type FormState = Record<string, string | boolean | File | null>

/** What the browser's file picker is offered for each kind (the server decides by content). */
const ACCEPT: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon,image/vnd.microsoft.icon,.ico',
}

/**
 * A settings form generated from its schema (app/domain/settings_schema.ts):
 * one field per entry by kind, grouped under the schema's section headings
 * with its hints, the schema's rule and messages as the client rules (the
 * server runs the same check), a secret shown blank with a hint that blank
 * keeps it (`clearable`: a box erases a stored one on purpose), a file field
 * with the current picture. A schema with file fields is sent as multipart,
 * otherwise as JSON. Toasts the server's message on success and stays open,
 * its typed secrets and chosen files emptied; a failure toasts the server's
 * message and shows field errors under the fields.
 */
export function SettingsForm(props: {
  schema: SettingsSchema
  values: SettingsValues
  secretsSet?: string[]
  /** The current file of each file field (its public address), by field name. */
  files?: Record<string, string | null>
  url: string
  testId: string
  /** Half width in its card, as the spec draws Spread Settings. */
  className?: string
  /** The card's heading (API Settings: one card per provider). */
  title?: string
  /** POST unless the endpoint says otherwise (PUT /admin/apis/{key}). */
  method?: 'POST' | 'PUT'
  /** Fields sent beside the schema's (the path's key). */
  extra?: Record<string, unknown>
  /** Stored secrets get a "clear" box; the cleared names are sent as `clear`. */
  clearable?: boolean
  /** Read-only content shown above the submit button. */
  children?: ReactNode
  onSaved?: (data: any) => void
}) {
  const { t } = useTranslation()
  const { schema } = props
  const [clear, setClear] = useState<string[]>([])
  const blankSecrets = [...(props.secretsSet ?? []), ...clear]
  const fileNames = schema.fields.filter((f) => f.kind === 'file').map((f) => f.name)
  const initial: FormState = { ...props.values }
  for (const name of fileNames) initial[name] = null
  const form = useApiForm<FormState>(initial, (values) =>
    settingsProblems(schema, values, blankSecrets)
  )
  const secretNames = schema.fields.filter((f) => f.kind === 'text' && f.secret).map((f) => f.name)

  function payload(values: FormState) {
    const trimmed = Object.fromEntries(
      schema.fields.map((f) => [
        f.name,
        typeof values[f.name] === 'string' ? (values[f.name] as string).trim() : values[f.name],
      ])
    )
    if (fileNames.length === 0) {
      return { ...props.extra, ...trimmed, ...(clear.length ? { clear } : {}) }
    }
    const data = new FormData()
    for (const [name, value] of Object.entries({ ...props.extra, ...trimmed })) {
      if (value instanceof File) data.append(name, value)
      else if (value !== null && value !== undefined) data.append(name, String(value))
    }
    for (const name of clear) data.append('clear[]', name)
    return data
  }

  return (
    <Card className={props.className ?? 'max-w-xl'}>
      {props.title && (
        <CardHeader className="px-5 pt-5 text-large font-semibold">{t(props.title)}</CardHeader>
      )}
      <CardBody>
        <form
          className="flex flex-col gap-6"
          data-testid={props.testId}
          onSubmit={(e) => {
            e.preventDefault()
            form.submit<{ message: string }>(props.method ?? 'POST', props.url, {
              transform: payload,
              onSuccess: (data) => {
                toastSuccess(data.message)
                // A secret typed in is stored now: the field goes back to "stored, blank keeps it".
                for (const name of secretNames) form.setValue(name, '')
                // The chosen files are stored now: the pickers start empty again.
                for (const name of fileNames) form.setValue(name, null)
                setClear([])
                props.onSaved?.(data)
              },
              onError: (message) => toastError(message),
            })
          }}
        >
          {schema.fields.map((field, i) => (
            <Fragment key={field.name}>
              {field.section && field.section !== schema.fields[i - 1]?.section && (
                <h2 className="border-b border-divider pb-1 text-medium font-semibold">
                  {t(field.section)}
                </h2>
              )}
              <SettingInput
                form={form}
                field={field}
                isSet={props.secretsSet?.includes(field.name) ?? false}
                clearable={props.clearable ?? false}
                clearing={clear.includes(field.name)}
                onClear={(on) => {
                  setClear((names) =>
                    on ? [...names, field.name] : names.filter((n) => n !== field.name)
                  )
                  if (on) form.setValue(field.name, '')
                }}
                current={props.files?.[field.name] ?? null}
              />
            </Fragment>
          ))}
          {props.children}
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

function SettingInput({
  form,
  field,
  isSet,
  clearable,
  clearing,
  onClear,
  current,
}: {
  form: ApiForm<FormState>
  field: SettingField
  isSet: boolean
  clearable: boolean
  clearing: boolean
  onClear: (on: boolean) => void
  current: string | null
}) {
  const { t } = useTranslation()
  switch (field.kind) {
    case 'switch':
      return (
        <SwitchField form={form} name={field.name} label={field.label} description={field.hint} />
      )
    case 'choice':
      return (
        <SelectField
          form={form}
          name={field.name}
          label={field.label}
          options={field.options.map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      )
    case 'file':
      return (
        <div className="flex flex-col gap-2" data-testid={`setting-file-${field.name}`}>
          {current && !(form.values[field.name] instanceof File) && (
            <img
              src={current}
              alt={t(field.label)}
              className="h-16 max-w-60 self-start rounded-small border border-divider object-contain"
              data-testid={`setting-current-${field.name}`}
            />
          )}
          <FileField
            form={form}
            name={field.name}
            label={field.label}
            accept={field.accepts.map((kind) => ACCEPT[kind]).join(',')}
            description={field.hint ? t(field.hint) : undefined}
          />
        </div>
      )
    case 'integer':
    case 'decimal':
      return (
        <NumberField
          form={form}
          name={field.name}
          label={field.label}
          decimals={field.kind === 'integer' ? 0 : field.maxDecimals}
          signed={field.kind === 'integer' && field.min < 0}
          isDisabled={clearing}
          description={field.hint ? t(field.hint) : undefined}
          data-testid={`setting-${field.name}`}
        />
      )
    default: {
      const secret = field.kind === 'text' && !!field.secret
      const input = (
        <TextField
          form={form}
          name={field.name}
          label={field.label}
          type={secret ? 'password' : 'text'}
          autoComplete={secret ? 'new-password' : undefined}
          placeholder={secret && isSet ? '••••••••' : undefined}
          isDisabled={clearing}
          description={
            secret && isSet
              ? t('Set · leave blank to keep it')
              : field.hint
                ? t(field.hint)
                : undefined
          }
          data-testid={`setting-${field.name}`}
        />
      )
      if (!(secret && isSet && clearable)) return input
      return (
        <div className="flex flex-col gap-2">
          {input}
          <Checkbox
            size="sm"
            isSelected={clearing}
            onValueChange={onClear}
            data-testid={`setting-clear-${field.name}`}
          >
            {t('Clear the stored value')}
          </Checkbox>
        </div>
      )
    }
  }
}
