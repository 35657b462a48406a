import { Chip } from '@heroui/react'
import type { StaffListDeclaration } from '@domain/staff_lists'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { SwitchField } from '~/components/form/switch_field'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route, type RouteName } from '~/lib/routes'
import { staffLayout } from '~/layouts/staff_layout'

type Values = Record<string, string | boolean>

/** `<screen>.<suffix>`: the list's routes are named after its screen (start/routes/staff_lists.ts). */
const routeOf = (screen: string, suffix: string) => `${screen}.${suffix}` as RouteName
const url = (name: RouteName, params?: Record<string, number>) =>
  (route as (n: RouteName, p?: Record<string, number>) => string)(name, params)

/**
 * A staff list page built from its declaration (#domain/staff_lists): the
 * shared table with one column per declared column and an Actions column,
 * the add button, and the one record modal with the declared fields
 * (text fields trimmed; a required one flagged before the request) and the
 * delete confirmation.
 */
export function declaredListPage<Row extends { id: number }>(list: StaffListDeclaration<Row>) {
  function DeclaredListPage() {
    const { t } = useTranslation()
    const rows = useServerList<Row>(url(routeOf(list.screen, 'list')))
    const fields = list.form.fields
    const editor = useRecordEditor<Row, Values>({
      testId: list.editorTestId,
      titles: list.form.titles,
      initial: (row) =>
        Object.fromEntries(
          fields.map((f) => [
            f.name,
            row ? (row[f.name] as string | boolean) : f.kind === 'switch' ? false : '',
          ])
        ),
      rules: (values) =>
        Object.fromEntries(
          fields
            .filter((f) => f.required)
            .map((f) => [f.name, String(values[f.name]).trim() ? undefined : f.required])
        ),
      fields: (form) => (
        <>
          {fields.map((f) =>
            f.kind === 'switch' ? (
              <SwitchField<Values> key={f.name} form={form} name={f.name} label={f.label} />
            ) : (
              <TextField<Values> key={f.name} form={form} name={f.name} label={f.label} />
            )
          )}
        </>
      ),
      body: (values) =>
        Object.fromEntries(
          fields.map((f) => [
            f.name,
            f.kind === 'text' ? String(values[f.name]).trim() : values[f.name],
          ])
        ),
      createUrl: list.writes.includes('store') ? url(routeOf(list.screen, 'store')) : undefined,
      updateUrl: (row) => url(routeOf(list.screen, 'update'), { id: row.id }),
      remove: list.writes.includes('destroy')
        ? {
            url: (row) => url(routeOf(list.screen, 'destroy'), { id: row.id }),
            message: list.deleteMessage,
          }
        : undefined,
      rowId: (row) => row.id,
      onChanged: rows.reload,
      size: 'md',
    })

    const columns: PagedColumn<Row>[] = [
      ...list.columns.map((column): PagedColumn<Row> =>
        column.kind === 'yesNo'
          ? {
              key: column.key,
              label: column.label,
              sortValue: (r) => (r[column.key] ? 1 : 0),
              render: (r) => (
                <Chip size="sm" variant="flat" color={r[column.key] ? 'success' : 'default'}>
                  {t(r[column.key] ? 'Yes' : 'No')}
                </Chip>
              ),
            }
          : {
              key: column.key,
              label: column.label,
              sortValue: (r) => String(r[column.key] ?? '').toLowerCase(),
            }
      ),
      { key: 'actions', label: 'Actions', render: (r) => editor.rowButtons(r) },
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
      </>
    )
  }
  DeclaredListPage.layout = staffLayout
  return DeclaredListPage
}
