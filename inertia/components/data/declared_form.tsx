import type { ReactNode } from 'react'
import type { ListField, ListOption } from '@domain/staff_list'
import type { RecordEditorSpec } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SwitchField } from '~/components/form/switch_field'
import { SelectField } from '~/components/form/select_field'
import { SelectRowsField } from '~/components/form/select_rows_field'
import { FileField } from '~/components/form/file_field'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { isHttpsUrl } from '~/lib/rules'

export type DeclaredValues = Record<string, string | boolean | File | null | { id: string }[]>
type Row = { id: number }
type FormSpec<R> = Pick<
  RecordEditorSpec<R, DeclaredValues>,
  'initial' | 'rules' | 'fields' | 'body'
>

/** The page props a declared form reads its choices from (`field.options`). */
export type DeclaredProps = Record<string, unknown>

function choices(props: DeclaredProps, field: ListField<any>, t: (text: string) => string) {
  if (field.choices) return field.choices.map((c) => ({ value: c.value, label: t(c.label) }))
  const options = (props[field.options ?? ''] ?? []) as ListOption[]
  return options.map((option) => ({ value: String(option.id), label: option.label }))
}

/** An image field: the current picture while editing, then the file input and its line. */
function ImageControl<R extends Row>(props: {
  form: ApiForm<DeclaredValues>
  field: ListField<R>
  row: R | null
}) {
  const { t } = useTranslation()
  const { form, field, row } = props
  const current = row && field.preview ? (row[field.preview] as { url: string } | null) : null
  const hint = row && field.editHint ? field.editHint : field.hint
  return (
    <>
      {current && !form.values[field.name] && (
        <img src={current.url} alt="" className="h-12 max-w-40 self-start object-contain" />
      )}
      <FileField<DeclaredValues>
        form={form}
        name={field.name}
        label={field.label}
        accept={field.accept}
        description={hint ? t(hint, { size: field.maxMb ?? '' }) : undefined}
      />
    </>
  )
}

/** A form control from its declared kind. */
function formControl<R extends Row>(
  form: ApiForm<DeclaredValues>,
  field: ListField<R>,
  row: R | null,
  props: DeclaredProps,
  t: (text: string) => string
): ReactNode {
  const common = { key: field.name, form, name: field.name, label: field.label }
  switch (field.kind) {
    case 'switch':
      return <SwitchField<DeclaredValues> {...common} description={field.hint} />
    case 'number':
      return (
        <NumberField<DeclaredValues>
          {...common}
          decimals={field.decimals ?? 0}
          signed={field.signed}
          unit={field.unit}
          placeholder={field.placeholder}
          description={field.hint ? t(field.hint) : undefined}
        />
      )
    case 'select':
      return (
        <SelectField<DeclaredValues>
          {...common}
          placeholder={field.placeholder}
          options={choices(props, field, t)}
        />
      )
    case 'selectRows':
      return (
        <SelectRowsField<DeclaredValues>
          {...common}
          placeholder={field.placeholder}
          options={choices(props, field, t)}
          none={String(field.none ?? '')}
          item={field.rows?.item ?? field.label}
          add={field.rows?.add ?? 'Add'}
          testId={field.rows?.testId ?? field.name}
        />
      )
    case 'image':
      return <ImageControl key={field.name} form={form} field={field} row={row} />
    case 'url':
      return <TextField<DeclaredValues> {...common} type="url" placeholder={field.placeholder} />
    default:
      return <TextField<DeclaredValues> {...common} placeholder={field.placeholder} />
  }
}

/** The fields in order, consecutive half-width ones two to a row. */
function FormLayout<R extends Row>(props: {
  form: ApiForm<DeclaredValues>
  fields: ListField<R>[]
  row: R | null
  pageProps: DeclaredProps
}) {
  const { t } = useTranslation()
  const { form, fields, row } = props
  const control = (field: ListField<R>) => formControl(form, field, row, props.pageProps, t)
  const out: ReactNode[] = []
  for (let i = 0; i < fields.length; i++) {
    if (!fields[i].half) {
      out.push(control(fields[i]))
      continue
    }
    let end = i
    while (end < fields.length && fields[end].half) end++
    out.push(
      <div key={`${fields[i].name}-row`} className="grid grid-cols-2 gap-x-4 gap-y-6">
        {fields.slice(i, end).map(control)}
      </div>
    )
    i = end - 1
  }
  return <>{out}</>
}

/** A field's value in the form for a new record (row null) or an existing one. */
function initialValue<R extends Row>(
  field: ListField<R>,
  row: R | null,
  props: DeclaredProps
): DeclaredValues[string] {
  const value = row ? (row[field.name] as unknown) : undefined
  if (!row && field.initialProp) return String(props[field.initialProp] ?? '')
  switch (field.kind) {
    case 'switch':
      return row ? Boolean(value) : field.initial === true
    case 'image':
      return null
    case 'selectRows': {
      const ids = ((value ?? []) as { id: number }[]).map((item) => ({ id: String(item.id) }))
      return ids.length ? ids : [{ id: String(field.none ?? '') }]
    }
    default:
      return row ? String(value ?? '') : String(field.initial ?? '')
  }
}

/** The message under a field before any request: required, or a url that is not https://. */
function clientRule<R extends Row>(field: ListField<R>, value: unknown, row: R | null) {
  if (field.kind === 'image') return row || value ? undefined : field.required
  if (field.kind === 'selectRows' || field.kind === 'switch') return undefined
  const text = String(value ?? '').trim()
  const empty = text === '' || (field.none !== undefined && text === String(field.none))
  if (empty) return field.required
  if (field.kind === 'url' && !isHttpsUrl(text)) return field.invalid
  return undefined
}

/** What a field sends: text and numbers trimmed (as text, never a float), ids as numbers, empty as declared. */
function sentValue<R extends Row>(field: ListField<R>, value: DeclaredValues[string]) {
  switch (field.kind) {
    case 'switch':
    case 'image':
      return value
    case 'selectRows':
      return (value as { id: string }[]).map((item) => ({
        id: Number(item.id || field.none),
      }))
    case 'select':
      if (!value) return field.empty ?? null
      return field.choices || field.sendsText ? String(value) : Number(value)
    default: {
      const text = String(value).trim()
      return text === '' ? (field.empty === undefined ? '' : field.empty) : text
    }
  }
}

/** True when editing and no field of the field's `keptUnlessChanged` group changed: it is not sent. */
function keptAsStored<R extends Row>(
  field: ListField<R>,
  fields: ListField<R>[],
  values: DeclaredValues,
  row: R | null
) {
  const group = field.keptUnlessChanged
  if (!row || !group) return false
  return fields
    .filter((f) => f.keptUnlessChanged === group)
    .every((f) => String(values[f.name] ?? '') === String(row[f.name] ?? ''))
}

/**
 * The declared fields as the record editor's form. A form with an image field
 * is sent as multipart, an empty file left out (an edit keeps the current one).
 */
export function declaredForm<R extends Row>(
  fields: ListField<R>[],
  props: DeclaredProps,
  alsoSent: Record<string, string> = {}
): FormSpec<R> {
  const multipart = fields.some((field) => field.kind === 'image')
  return {
    initial: (row) => Object.fromEntries(fields.map((f) => [f.name, initialValue(f, row, props)])),
    rules: (values, row) =>
      Object.fromEntries(fields.map((f) => [f.name, clientRule(f, values[f.name], row)])),
    fields: (form, row) => <FormLayout form={form} fields={fields} row={row} pageProps={props} />,
    body: (values, row) => {
      const sent = [
        ...Object.entries(alsoSent),
        ...fields
          .filter((f) => !keptAsStored(f, fields, values, row))
          .map((f) => [f.sendAs ?? f.name, sentValue(f, values[f.name])] as const),
      ]
      if (!multipart) return Object.fromEntries(sent)
      const data = new FormData()
      for (const [key, value] of sent) {
        if (value instanceof File) data.append(key, value)
        else if (value !== null && value !== undefined) data.append(key, String(value))
      }
      return data
    },
  }
}
