import {
  lazy,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { Button, Spinner } from '@heroui/react'
import { pageCount } from '@domain/pagination'
import { useTranslation } from '~/hooks/use_translation'
import type { ServerList } from '~/hooks/use_server_list'
import { useScrollEdges } from '~/hooks/use_scroll_edges'
import { useHiddenColumns } from '~/hooks/use_hidden_columns'
import { TablePagination } from '~/components/data/table_pagination'
import { DeferredDropdown } from '~/components/common/deferred_dropdown'

const loadColumnsMenu = () => import('~/components/data/columns_menu_dropdown')
const ColumnsMenuDropdown = lazy(loadColumnsMenu)

export interface PagedColumn<Row> {
  /** A column keyed 'action' or 'actions' holds the row's buttons (see ACTION_KEYS). */
  key: string
  /** English header text; translated here (the key is the English text). */
  label: string
  align?: 'start' | 'center' | 'end'
  /** The cell's content; without it the row's value under `key` is shown as is. */
  render?: (row: Row) => ReactNode
  /** Sortable in the browser by this value (admin spec: column sorting is client-side). */
  sortValue?: (row: Row) => string | number | null
  /** Sortable by the server under this key (lists whose hook has a server-side sort). */
  serverSort?: string
}

type SortDirection = 'ascending' | 'descending'

/**
 * The keys of a row's buttons column. When it is the last column it sticks
 * to the right edge of the table's scroller, so the buttons stay in view
 * however wide the other columns are (issue 10), on every table at once.
 */
const ACTION_KEYS = new Set(['action', 'actions'])

/** Cells stay on one line; text longer than this is cut with an ellipsis and shown whole on hover. */
const LONG_TEXT = 'block max-w-64 truncate'

/** The actions column's cells (the `sticky-actions` utility in app.css); data cells opaque so rows slide under them. */
const STICKY_TH = 'sticky-actions'
const STICKY_TD = 'sticky-actions bg-content1'

/** HeroUI's table cells (its `table` theme: header cell, data cell and the selected-row shade). */
const TH =
  'h-10 whitespace-nowrap bg-default-100 align-middle text-tiny font-semibold text-foreground-500 first:rounded-s-lg last:rounded-e-lg'
const TD =
  'relative whitespace-nowrap px-3 py-2 align-middle text-small font-normal [&>*]:relative [&>*]:z-1 ' +
  'before:pointer-events-none before:absolute before:inset-0 before:z-0 before:bg-default/60 before:opacity-0 ' +
  'before:content-[""] data-[selected=true]:before:opacity-100 data-[selected=true]:text-default-foreground'
const TD_SINGLE = 'first:before:rounded-s-lg last:before:rounded-e-lg'
const TD_MULTI =
  'group-hover/tr:not-data-[selected=true]:before:bg-default-100 group-hover/tr:not-data-[selected=true]:before:opacity-70'
const ALIGN = { start: 'text-start', center: 'text-center', end: 'text-end' } as const
const JUSTIFY = { start: 'justify-start', center: 'justify-center', end: 'justify-end' } as const

/** From this many data columns on, a table offers its Columns menu (narrow ones need none). */
const HIDEABLE_FROM = 6

/** Decimal strings and numbers compare as numbers, other text as text. */
function compareValues(a: string | number | null, b: string | number | null) {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  const na = typeof a === 'number' ? a : /^-?\d+(\.\d+)?$/.test(a) ? Number(a) : Number.NaN
  const nb = typeof b === 'number' ? b : /^-?\d+(\.\d+)?$/.test(b) ? Number(b) : Number.NaN
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb
  return String(a).localeCompare(String(b))
}

/**
 * A server-paged table: the columns, one page of rows, the page and the total
 * row count (pages = ceiling of total ÷ page size, customer spec §9), a
 * loading state and the text shown when there are no rows. Statements, the
 * deposit and withdraw histories and the admin lists share it.
 */
export function PagedTable<Row>(props: {
  label: string
  columns: PagedColumn<Row>[]
  rows: Row[]
  rowKey: (row: Row) => Key
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
  loading?: boolean
  emptyText: string
  testId?: string
  /** Above the table: search, page size, total, add-new and other slots. */
  topContent?: ReactNode
  /** The column sorted first and its direction (admin spec: id, descending). */
  defaultSort?: { column: string; direction: SortDirection }
  /** A server-side sort: the rows arrive sorted, a header press asks the server (see useServerList). */
  serverSort?: {
    column: string
    direction: SortDirection
    onChange: (sort: { column: string; direction: SortDirection }) => void
  }
  /** Optional row selection. */
  selectionMode?: 'none' | 'multiple'
  onSelectionChange?: (keys: Set<Key> | 'all') => void
  /** The selected rows, when the page controls them (e.g. to clear them after a bulk action). */
  selectedKeys?: Set<Key> | 'all'
}) {
  const { t } = useTranslation()
  const pages = pageCount(props.total, props.pageSize)
  const [clientSort, setClientSort] = useState(props.defaultSort)
  const server = props.serverSort
  // Under a server sort the descriptor names the column key whose serverSort is the sorted field.
  const sort = server
    ? {
        column: props.columns.find((c) => c.serverSort === server.column)?.key ?? server.column,
        direction: server.direction,
      }
    : clientSort
  const rows = useMemo(() => {
    const column =
      !server && sort && props.columns.find((c) => c.key === sort.column && c.sortValue)
    if (!sort || !column) return props.rows
    const sign = sort.direction === 'ascending' ? 1 : -1
    return [...props.rows].sort(
      (a, b) => sign * compareValues(column.sortValue!(a), column.sortValue!(b))
    )
  }, [props.rows, props.columns, sort, server])
  const cellValue = (row: Row, column: PagedColumn<Row>) => {
    const value = column.render
      ? column.render(row)
      : String((row as Record<string, unknown>)[column.key] ?? '')
    if (typeof value !== 'string' || value === '') return value
    return (
      <span className={LONG_TEXT} title={value}>
        {value}
      </span>
    )
  }
  const tableId = props.testId ?? props.label
  const [hidden, setHidden] = useHiddenColumns(tableId)
  const dataColumns = props.columns.filter((c) => !ACTION_KEYS.has(c.key))
  const hideable = dataColumns.length >= HIDEABLE_FROM
  // A person may hide any data column but not every one; the buttons column always shows.
  const columns = hideable
    ? props.columns.filter((c) => ACTION_KEYS.has(c.key) || !hidden.has(c.key))
    : props.columns
  const last = columns[columns.length - 1]
  const stickyKey = last && ACTION_KEYS.has(last.key) ? last.key : null
  const holder = useRef<HTMLDivElement>(null)
  const edges = useScrollEdges(holder, [rows, columns.length, props.loading])

  const columnsTrigger = (
    <Button size="sm" variant="bordered" data-testid={`${tableId}-columns`}>
      {t('Columns')}
    </Button>
  )
  const columnsMenu = hideable && (
    <DeferredDropdown
      trigger={columnsTrigger}
      preload={loadColumnsMenu}
      menu={
        <ColumnsMenuDropdown
          tableId={tableId}
          columns={dataColumns}
          hidden={hidden}
          onHiddenChange={setHidden}
          trigger={columnsTrigger}
        />
      }
    />
  )
  const top =
    props.topContent || columnsMenu ? (
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">{props.topContent}</div>
        {columnsMenu}
      </div>
    ) : undefined
  // The cue on each edge with more columns: a shade over the scroller's edge, the right one
  // beside the pinned actions column (which stays readable), drawn over rows, not over buttons.
  const cue = (edge: 'left' | 'right') => (
    <div
      aria-hidden
      data-testid={`${tableId}-cue-${edge}`}
      className={`${edge === 'left' ? 'table-cue-left' : 'table-cue-right'} pointer-events-none absolute z-30 w-12`}
      style={{
        top: edges.top,
        height: edges.height,
        opacity: edges[edge] ? 1 : 0,
        ...(edge === 'left'
          ? { left: edges.insetLeft }
          : { right: edges.insetRight + edges.pinned }),
      }}
    />
  )
  const selectable = props.selectionMode === 'multiple'
  const keyOf = (row: Row) => String(props.rowKey(row))
  // Uncontrolled unless the page passes selectedKeys; 'all' means every row of this page.
  const [ownSelection, setOwnSelection] = useState<Set<Key>>(new Set())
  const given = props.selectedKeys ?? ownSelection
  const selected = given === 'all' ? new Set<Key>(rows.map(keyOf)) : new Set([...given].map(String))
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(keyOf(r)))
  const someSelected = !allSelected && rows.some((r) => selected.has(keyOf(r)))
  const select = (next: Set<Key>) => {
    setOwnSelection(next)
    props.onSelectionChange?.(next)
  }
  const toggleRow = (key: string) => {
    const next = new Set(selected)
    if (next.has(key)) next.delete(key)
    else next.add(key)
    select(next)
  }
  // As HeroUI's table did: a press anywhere on a selectable row toggles it, except on its own controls.
  const pressRow = (event: MouseEvent<HTMLTableRowElement>, key: string) => {
    const target = event.target as HTMLElement
    if (target.closest('a, button, input, select, textarea, label, [role=button]')) return
    toggleRow(key)
  }
  const sortable = (column: PagedColumn<Row>) => (server ? !!column.serverSort : !!column.sortValue)
  // react-aria's rule, kept: a press on the sorted column flips it, on another sorts ascending.
  const pressSort = (column: PagedColumn<Row>) => {
    const direction: SortDirection =
      sort?.column === column.key && sort.direction === 'ascending' ? 'descending' : 'ascending'
    if (!server) return setClientSort({ column: column.key, direction })
    if (column.serverSort) server.onChange({ column: column.serverSort, direction })
  }
  const span = columns.length + (selectable ? 1 : 0)
  const multi = selectable ? TD_MULTI : TD_SINGLE
  return (
    <div ref={holder} className="relative min-w-0 max-w-full" data-testid={`${tableId}-holder`}>
      <div className="relative flex min-w-0 max-w-full flex-col gap-4">
        {top}
        {/* Cells keep to one line; a wide table scrolls sideways inside its own box, never the
            page, with a scrollbar that always shows (app.css `table-scroller`). */}
        <div className="table-scroller relative z-0 flex w-full max-w-full flex-col justify-between gap-4 overflow-auto overflow-x-auto rounded-large bg-content1 p-4 shadow-small">
          <table
            aria-label={t(props.label)}
            data-testid={props.testId}
            className="h-auto w-full min-w-full table-auto"
          >
            <thead className="after:table-row after:h-[5px] after:content-['']">
              <tr>
                {selectable && (
                  <th className={`${TH} w-0 ps-3`}>
                    <Checkbox
                      label={t('Select all rows')}
                      checked={allSelected}
                      indeterminate={someSelected}
                      onChange={() => select(allSelected ? new Set() : new Set(rows.map(keyOf)))}
                    />
                  </th>
                )}
                {columns.map((column) => {
                  const canSort = sortable(column)
                  const sorted = sort?.column === column.key ? sort.direction : undefined
                  const className = `${TH} ${ALIGN[column.align ?? 'start']} ${canSort ? '' : 'px-3'} ${column.key === stickyKey ? STICKY_TH : ''}`
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={canSort ? (sorted ?? 'none') : undefined}
                      className={className}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className={`group/sort inline-flex h-10 w-full cursor-pointer items-center px-3 outline-none hover:text-foreground-400 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus ${JUSTIFY[column.align ?? 'start']}`}
                          onClick={() => pressSort(column)}
                        >
                          {t(column.label)}
                          <SortIcon direction={sorted} />
                        </button>
                      ) : (
                        t(column.label)
                      )}
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody className="after:block" aria-busy={props.loading || undefined}>
              {rows.map((row) => {
                const key = keyOf(row)
                const on = selectable && selected.has(key)
                return (
                  <tr
                    key={key}
                    data-key={key}
                    className="group/tr"
                    data-selected={on || undefined}
                    onClick={selectable ? (event) => pressRow(event, key) : undefined}
                  >
                    {selectable && (
                      <td className={`${TD} ${multi} w-0 pe-0`} data-selected={on || undefined}>
                        <Checkbox
                          label={t('Select row')}
                          checked={on}
                          onChange={() => toggleRow(key)}
                        />
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-selected={on || undefined}
                        className={`${TD} ${multi} ${ALIGN[column.align ?? 'start']} ${column.key === stickyKey ? STICKY_TD : ''}`}
                      >
                        {cellValue(row, column)}
                      </td>
                    ))}
                  </tr>
                )
              })}
              {props.loading && (
                <tr>
                  <td colSpan={span} className="absolute inset-0 flex items-center justify-center">
                    <Spinner label={t('Loading...')} />
                  </td>
                </tr>
              )}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={span} className="h-40 text-center align-middle text-foreground-400">
                    {!props.loading && (
                      // Centred in what the scroller shows, not across all the columns: on a phone
                      // the middle of a wide table is off screen (the 390 px walk, issue 21). A
                      // width from the viewport, never measured: a measured one fed back into the
                      // table's width.
                      <div
                        className="sticky left-0 w-[min(100%,calc(100vw-6rem))] whitespace-normal"
                        data-testid={`${tableId}-empty`}
                      >
                        {t(props.emptyText)}
                      </div>
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {pages > 1 && (
            <div className="flex w-full justify-center">
              <TablePagination
                page={props.page}
                total={pages}
                onChange={props.onPageChange}
                isDisabled={props.loading}
                testId={props.testId ? `${props.testId}-pagination` : undefined}
              />
            </div>
          )}
        </div>
      </div>
      {cue('left')}
      {cue('right')}
    </div>
  )
}

/** HeroUI's sort chevron: shown on the sorted column (pointing up when ascending) and on hover. */
function SortIcon({ direction }: { direction?: SortDirection }) {
  return (
    <svg
      aria-hidden
      focusable="false"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      className={`ms-2 mb-px inline-block shrink-0 transition-transform-opacity ${direction ? 'opacity-100' : 'opacity-0 group-hover/sort:opacity-100'} ${direction === 'ascending' ? 'rotate-180' : ''}`}
    >
      <path
        d="m19.92 8.95-6.52 6.52c-.77.77-2.03.77-2.8 0L4.08 8.95"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeMiterlimit={10}
        strokeWidth={3}
      />
    </svg>
  )
}

/** A row's (or all rows') selection box: a native checkbox in the theme's primary colour. */
function Checkbox(props: {
  label: string
  checked: boolean
  indeterminate?: boolean
  onChange: () => void
}) {
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = !!props.indeterminate
  }, [props.indeterminate])
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={props.label}
      checked={props.checked}
      onChange={props.onChange}
      className="relative z-1 size-4 cursor-pointer align-middle accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    />
  )
}

/** The paging props of a table showing a `useServerList` list (rows, page, size, total, loading). */
export function listPaging<Row>(list: ServerList<Row, any>) {
  return {
    rows: list.rows,
    page: list.page,
    pageSize: list.limit,
    total: list.meta.total,
    onPageChange: list.setPage,
    loading: list.loading,
  }
}
