import type { ReactNode } from 'react'
import { Button, Chip } from '@heroui/react'
import {
  listRouteName,
  type ListColumn,
  type ListField,
  type ListWrite,
  type StaffListDeclaration,
} from '@domain/staff_list'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor, type RecordEditorSpec } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SwitchField } from '~/components/form/switch_field'
import type { ApiForm } from '~/hooks/use_api_form'
import { useRowAction, type RowActionSpec } from '~/hooks/use_row_action'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route, type RouteName } from '~/lib/routes'
import { staffLayout } from '~/layouts/staff_layout'

type Values = Record<string, string | boolean>
type Row = { id: number }

/** The URL of one of the list's routes (named after its screen unless declared: the registry has them all). */
function listUrl(list: StaffListDeclaration<any>, kind: 'list' | ListWrite, row?: Row): string {
  const name = listRouteName(list, kind) as RouteName
  return (route as (n: RouteName, p?: Record<string, number>) => string)(
    name,
    row ? { id: row.id } : undefined
  )
}

/** A column of the shared table from its declared kind. */
function tableColumn<R extends Row>(
  column: ListColumn<R>,
  t: (text: string) => string
): PagedColumn<R> {
  const value = (r: R) => r[column.key] as unknown
  const sorted = (r: R) => r[column.sortBy ?? column.key] as unknown
  const base = { key: column.key, label: column.label }
  switch (column.kind) {
    case 'yesNo':
      return {
        ...base,
        sortValue: (r) => (value(r) ? 1 : 0),
        render: (r) => (
          <Chip
            size="sm"
            variant="flat"
            color={value(r) ? 'success' : (column.noColor ?? 'default')}
          >
            {t(value(r) ? (column.yes ?? 'Yes') : (column.no ?? 'No'))}
          </Chip>
        ),
      }
    case 'id':
    case 'number':
      return {
        ...base,
        sortValue: (r) => (sorted(r) === null ? null : Number(sorted(r))),
        render: (r) => String(value(r) ?? column.empty ?? ''),
      }
    case 'label':
      return {
        ...base,
        sortValue: (r) =>
          typeof sorted(r) === 'number' ? (sorted(r) as number) : String(sorted(r) ?? ''),
        render: (r) => t(String(value(r) ?? '')),
      }
    default:
      return { ...base, sortValue: (r) => String(sorted(r) ?? '').toLowerCase() }
  }
}

/** A form control from its declared kind. */
function formControl<R>(form: ApiForm<Values>, field: ListField<R>): ReactNode {
  if (field.kind === 'switch') {
    return (
      <SwitchField<Values>
        key={field.name}
        form={form}
        name={field.name}
        label={field.label}
        description={field.hint}
      />
    )
  }
  if (field.kind === 'number') {
    return (
      <NumberField<Values>
        key={field.name}
        form={form}
        name={field.name}
        label={field.label}
        decimals={field.decimals ?? 0}
        unit={field.unit}
      />
    )
  }
  return <TextField<Values> key={field.name} form={form} name={field.name} label={field.label} />
}

/** The fields in order, consecutive half-width ones two to a row. */
function formLayout<R>(form: ApiForm<Values>, fields: ListField<R>[]): ReactNode[] {
  const out: ReactNode[] = []
  for (let i = 0; i < fields.length; i++) {
    if (!fields[i].half) {
      out.push(formControl(form, fields[i]))
      continue
    }
    let end = i
    while (end < fields.length && fields[end].half) end++
    out.push(
      <div key={`${fields[i].name}-row`} className="grid grid-cols-2 gap-x-4 gap-y-6">
        {fields.slice(i, end).map((field) => formControl(form, field))}
      </div>
    )
    i = end - 1
  }
  return out
}

/** What a field sends: text and numbers trimmed (as text, never a float), empty as declared. */
function fieldValue<R>(field: ListField<R>, value: string | boolean) {
  if (field.kind === 'switch') return value
  const text = String(value).trim()
  return text === '' ? (field.empty === undefined ? '' : field.empty) : text
}

/** A confirmed action of the page's own on a row, shown after edit and delete. */
export interface ListRowAction<R> {
  spec: RowActionSpec<R>
  label: string
  color: 'primary' | 'danger' | 'success' | 'warning'
  /** Shown only on the rows it applies to. */
  when?: (row: R) => boolean
  testId: (row: R) => string
}

/** What a page adds to its declaration: a form it cannot express, row actions of its own. */
export interface DeclaredListOptions<R, V extends Values> {
  form?: Pick<RecordEditorSpec<R, V>, 'initial' | 'rules' | 'fields' | 'body'>
  rowActions?: Record<string, ListRowAction<R>>
}

/** The declared fields as the record editor's form (used when the page brings none). */
function declaredForm<R extends Row>(
  fields: ListField<R>[]
): Pick<RecordEditorSpec<R, Values>, 'initial' | 'rules' | 'fields' | 'body'> {
  return {
    initial: (row) =>
      Object.fromEntries(
        fields.map((f) => {
          if (f.kind === 'switch') return [f.name, row ? Boolean(row[f.name]) : false]
          return [f.name, row ? String(row[f.name] ?? '') : (f.initial ?? '')]
        })
      ),
    rules: (values) =>
      Object.fromEntries(
        fields
          .filter((f) => f.required)
          .map((f) => [f.name, String(values[f.name]).trim() ? undefined : f.required])
      ),
    fields: (form) => <>{formLayout(form, fields)}</>,
    body: (values) =>
      Object.fromEntries(fields.map((f) => [f.name, fieldValue(f, values[f.name])])),
  }
}

/**
 * A staff list page built from its declaration (#domain/staff_list): the
 * shared table with one column per declared column and an Actions column,
 * the add button, and the one record modal with the declared fields (a
 * required one flagged before the request) and the delete confirmation.
 * `options` brings what the declaration cannot say as data.
 */
export function declaredListPage<R extends Row, V extends Values = Values>(
  list: StaffListDeclaration<R>,
  options: DeclaredListOptions<R, V> = {}
) {
  const form = (options.form ?? declaredForm(list.form.fields ?? [])) as Pick<
    RecordEditorSpec<R, V>,
    'initial' | 'rules' | 'fields' | 'body'
  >
  const rowActions = Object.entries(options.rowActions ?? {}) as [string, ListRowAction<R>][]
  function DeclaredListPage() {
    const { t } = useTranslation()
    const rows = useServerList<R>(listUrl(list, 'list'))
    const editor = useRecordEditor<R, V>({
      testId: list.editorTestId,
      titles: list.form.titles,
      ...form,
      createUrl: list.writes.includes('store') ? listUrl(list, 'store') : undefined,
      updateUrl: (row) => listUrl(list, 'update', row),
      remove: list.writes.includes('destroy')
        ? { url: (row) => listUrl(list, 'destroy', row), message: list.deleteMessage }
        : undefined,
      rowId: (row) => row.id,
      onChanged: rows.reload,
      size: list.form.size,
    })
    const actions = useRowAction<R, string>(
      Object.fromEntries(rowActions.map(([key, action]) => [key, action.spec])),
      { onDone: rows.reload }
    )

    const buttons = (r: R) =>
      rowActions.length === 0 ? (
        editor.rowButtons(r)
      ) : (
        <div className="flex gap-2">
          {editor.rowButtons(r)}
          {rowActions.map(
            ([key, action]) =>
              (!action.when || action.when(r)) && (
                <Button
                  key={key}
                  size="sm"
                  variant="flat"
                  color={action.color}
                  onPress={() => actions.ask(r, key)}
                  data-testid={action.testId(r)}
                >
                  {t(action.label)}
                </Button>
              )
          )}
        </div>
      )
    const columns: PagedColumn<R>[] = [
      ...list.columns.map((column) => tableColumn(column, t)),
      { key: 'actions', label: 'Actions', render: buttons },
    ]

    return (
      <>
        <AdminDataTable
          label={list.label}
          list={rows}
          columns={columns}
          rowKey={(r) => r.id}
          testId={list.testId}
          actions={list.writes.includes('store') ? editor.addButton : undefined}
        />
        {editor.modals}
        {rowActions.length > 0 && actions.dialog}
      </>
    )
  }
  DeclaredListPage.layout = staffLayout
  return DeclaredListPage
}
