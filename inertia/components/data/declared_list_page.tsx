import type { ReactNode } from 'react'
import { Button } from '@heroui/react'
import { listRouteName, type ListWrite, type StaffListDeclaration } from '@domain/staff_list'
import { AdminDataTable } from '~/components/data/admin_data_table'
import { declaredColumn } from '~/components/data/declared_columns'
import {
  declaredForm,
  type DeclaredProps,
  type DeclaredValues,
} from '~/components/data/declared_form'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor, type RecordEditorSpec } from '~/components/data/record_editor'
import { useRowAction, type RowActionSpec } from '~/hooks/use_row_action'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route, type RouteName } from '~/lib/routes'
import { staffLayout } from '~/layouts/staff_layout'
import { afterPaint } from '~/components/common/after_paint'
import type { DeclaredFiltersProps } from '~/components/data/declared_filters'

const DeclaredFilters = afterPaint<DeclaredFiltersProps>(
  () => import('~/components/data/declared_filters'),
  () => null
)

type Values = DeclaredValues
type Row = { id: number }

/** The URL of one of the list's routes (named after its screen unless declared: the registry has them all). */
function listUrl(
  list: StaffListDeclaration<any>,
  kind: 'list' | ListWrite,
  params?: Record<string, string | number>
): string {
  const name = listRouteName(list, kind) as RouteName
  return (route as (n: RouteName, p?: Record<string, string | number>) => string)(name, params)
}

/** A page prop by its path (`language.code`). */
function propAt(props: DeclaredProps, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown>)?.[key], props)
}

/** Named values from page props (the list route's parameters, what every write sends). */
function fromProps(paths: Readonly<Record<string, string>> | undefined, props: DeclaredProps) {
  if (!paths) return undefined
  return Object.fromEntries(
    Object.entries(paths).map(([k, path]) => [k, String(propAt(props, path))])
  )
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

/** What a page's own cell may do to its list: set filters (a cell that narrows the list to its value). */
export interface CellTools {
  setFilters: (changes: Record<string, string>) => void
}

/**
 * What a page adds to its declaration: a form it cannot express, row actions
 * of its own, the cells of its `custom` columns, a banner above the table,
 * when adding is offered, and a hook run after every save or delete (a
 * translation re-reads the dictionary).
 */
export interface DeclaredListOptions<R, V extends Values> {
  form?: Pick<RecordEditorSpec<R, V>, 'initial' | 'rules' | 'fields' | 'body'>
  rowActions?: Record<string, ListRowAction<R>>
  cells?: Record<string, (row: R, tools: CellTools) => ReactNode>
  banner?: (props: DeclaredProps) => ReactNode
  canAdd?: (props: DeclaredProps) => boolean
  useAfterChange?: (props: DeclaredProps) => () => void
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
  const rowActions = Object.entries(options.rowActions ?? {}) as [string, ListRowAction<R>][]
  function DeclaredList(props: DeclaredProps & { url: string }) {
    const { t } = useTranslation()
    const sent = fromProps(list.sendProps, props)
    const form = (options.form ?? declaredForm(list.form?.fields ?? [], props, sent)) as Pick<
      RecordEditorSpec<R, V>,
      'initial' | 'rules' | 'fields' | 'body'
    >
    const rows = useServerList<R, Record<string, string>>(props.url, {
      searchable: list.searchable,
      filters: Object.fromEntries((list.filters ?? []).map((f) => [f.name, ''])),
      sort: list.initialSort,
    })
    const afterChange = options.useAfterChange?.(props)
    const changed = () => {
      rows.reload()
      afterChange?.()
    }
    const editor = useRecordEditor<R, V>({
      testId: list.editorTestId ?? `${list.testId}-editor`,
      titles: list.form?.titles ?? { add: list.label, edit: list.label },
      ...form,
      createUrl: list.writes.includes('store') ? listUrl(list, 'store') : undefined,
      updateUrl: (row) => listUrl(list, 'update', { id: row.id }),
      remove: list.writes.includes('destroy')
        ? {
            url: (row) => listUrl(list, 'destroy', { id: row.id }),
            message: list.deleteMessage ?? '',
          }
        : undefined,
      rowId: (row) => row.id,
      onChanged: changed,
      size: list.form?.size,
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
    const tools: CellTools = { setFilters: rows.setFilters }
    const cell = (key: string) => {
      const draw = options.cells?.[key]
      if (!draw) throw new Error(`${list.testId}: no cell for the custom column ${key}`)
      return (r: R) => draw(r, tools)
    }
    // A read-only list has no Actions column unless the page adds row actions.
    const readOnly = list.writes.length === 0 && rowActions.length === 0
    const columns: PagedColumn<R>[] = [
      ...list.columns.map((column) =>
        column.kind === 'custom'
          ? {
              key: column.key,
              label: column.label,
              serverSort: column.serverSort,
              render: cell(column.key),
            }
          : declaredColumn(column, t)
      ),
      ...(readOnly ? [] : [{ key: 'actions', label: 'Actions', render: buttons }]),
    ]

    const canAdd = list.writes.includes('store') && (options.canAdd?.(props) ?? true)
    const table = (
      <>
        <AdminDataTable
          label={
            list.labelFrom
              ? (list.labelFrom.labels[String(props[list.labelFrom.prop])] ?? list.label)
              : list.label
          }
          list={rows}
          columns={columns}
          rowKey={(r) => r.id}
          testId={list.testId}
          filters={
            list.filters && (
              <DeclaredFilters
                filters={list.filters}
                values={rows.filters}
                onChange={rows.setFilters}
                onApply={rows.applyFilters}
                props={props}
                clear={list.clearFilters}
              />
            )
          }
          actions={canAdd ? editor.addButton : undefined}
        />
        {editor.modals}
        {rowActions.length > 0 && actions.dialog}
      </>
    )
    if (!options.banner) return table
    return (
      <div className="flex flex-col gap-4">
        {options.banner(props)}
        {table}
      </div>
    )
  }
  // A page serving several screens (by a route parameter) starts its list and modal over on each.
  function DeclaredListPage(props: DeclaredProps) {
    const url = listUrl(list, 'list', fromProps(list.listParams, props))
    return <DeclaredList key={url} {...props} url={url} />
  }
  DeclaredListPage.layout = staffLayout
  return DeclaredListPage
}
