import { useMemo, useRef, useState, type Key, type ReactNode } from 'react'
import {
  Button,
  Dropdown,
  DropdownItem,
  DropdownMenu,
  DropdownTrigger,
  Pagination,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableColumn,
  TableHeader,
  TableRow,
} from '@heroui/react'
import { pageCount } from '@domain/pagination'
import { useTranslation } from '~/hooks/use_translation'
import type { ServerList } from '~/hooks/use_server_list'
import { useScrollEdges } from '~/hooks/use_scroll_edges'
import { useHiddenColumns } from '~/hooks/use_hidden_columns'

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

  const columnsMenu = hideable && (
    <Dropdown>
      <DropdownTrigger>
        <Button size="sm" variant="bordered" data-testid={`${tableId}-columns`}>
          {t('Columns')}
        </Button>
      </DropdownTrigger>
      <DropdownMenu
        aria-label={t('Columns')}
        closeOnSelect={false}
        selectionMode="multiple"
        disallowEmptySelection
        selectedKeys={dataColumns.filter((c) => !hidden.has(c.key)).map((c) => c.key)}
        onSelectionChange={(keys) => {
          const shown = new Set([...(keys as Set<Key>)].map(String))
          setHidden(new Set(dataColumns.filter((c) => !shown.has(c.key)).map((c) => c.key)))
        }}
        data-testid={`${tableId}-columns-menu`}
      >
        {dataColumns.map((c) => (
          <DropdownItem key={c.key}>{t(c.label)}</DropdownItem>
        ))}
      </DropdownMenu>
    </Dropdown>
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
  return (
    <div ref={holder} className="relative min-w-0 max-w-full" data-testid={`${tableId}-holder`}>
      <Table
        aria-label={t(props.label)}
        data-testid={props.testId}
        // Cells keep to one line; a wide table scrolls sideways inside its own box, never the page,
        // with a scrollbar that always shows (app.css `table-scroller`).
        classNames={{
          base: 'min-w-0 max-w-full',
          wrapper: 'table-scroller max-w-full overflow-x-auto',
          th: 'whitespace-nowrap',
          td: 'whitespace-nowrap',
        }}
        topContent={top}
        topContentPlacement="outside"
        sortDescriptor={sort}
        onSortChange={(d) => {
          const direction = d.direction as SortDirection
          if (!server) return setClientSort({ column: String(d.column), direction })
          const field = props.columns.find((c) => c.key === String(d.column))?.serverSort
          if (field) server.onChange({ column: field, direction })
        }}
        selectionMode={props.selectionMode ?? 'none'}
        onSelectionChange={props.onSelectionChange as any}
        selectedKeys={props.selectedKeys as any}
        bottomContent={
          pages > 1 ? (
            <div className="flex w-full justify-center">
              <Pagination
                showControls
                isCompact
                page={props.page}
                total={pages}
                onChange={props.onPageChange}
                isDisabled={props.loading}
                aria-label={t('Pagination')}
                data-testid={props.testId ? `${props.testId}-pagination` : undefined}
              />
            </div>
          ) : null
        }
      >
        <TableHeader>
          {columns.map((column) => (
            <TableColumn
              key={column.key}
              align={column.align ?? 'start'}
              allowsSorting={server ? !!column.serverSort : !!column.sortValue}
              className={column.key === stickyKey ? STICKY_TH : undefined}
            >
              {t(column.label)}
            </TableColumn>
          ))}
        </TableHeader>
        <TableBody
          isLoading={props.loading}
          loadingContent={<Spinner label={t('Loading...')} />}
          emptyContent={
            props.loading ? (
              ' '
            ) : (
              // Centred in what the scroller shows, not across all the columns: on a phone the
              // middle of a wide table is off screen (the 390 px walk, issue 21). A width from
              // the viewport, never measured: a measured one fed back into the table's width.
              <div
                className="sticky left-0 w-[min(100%,calc(100vw-6rem))] whitespace-normal"
                data-testid={`${tableId}-empty`}
              >
                {t(props.emptyText)}
              </div>
            )
          }
        >
          {rows.map((row) => (
            <TableRow key={props.rowKey(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  className={column.key === stickyKey ? STICKY_TD : undefined}
                >
                  {cellValue(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {cue('left')}
      {cue('right')}
    </div>
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
