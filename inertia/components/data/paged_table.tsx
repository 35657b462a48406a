import { useMemo, useState, type Key, type ReactNode } from 'react'
import {
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

export interface PagedColumn<Row> {
  key: string
  /** English header text; translated here (the key is the English text). */
  label: string
  align?: 'start' | 'center' | 'end'
  /** The cell's content; without it the row's value under `key` is shown as is. */
  render?: (row: Row) => ReactNode
  /** Sortable in the browser by this value (admin spec: column sorting is client-side). */
  sortValue?: (row: Row) => string | number | null
}

type SortDirection = 'ascending' | 'descending'

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
  /** Optional row selection. */
  selectionMode?: 'none' | 'multiple'
  onSelectionChange?: (keys: Set<Key> | 'all') => void
}) {
  const { t } = useTranslation()
  const pages = pageCount(props.total, props.pageSize)
  const [sort, setSort] = useState(props.defaultSort)
  const rows = useMemo(() => {
    const column = sort && props.columns.find((c) => c.key === sort.column && c.sortValue)
    if (!sort || !column) return props.rows
    const sign = sort.direction === 'ascending' ? 1 : -1
    return [...props.rows].sort((a, b) => sign * compareValues(column.sortValue!(a), column.sortValue!(b)))
  }, [props.rows, props.columns, sort])
  const cellValue = (row: Row, column: PagedColumn<Row>) =>
    column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')
  return (
    <Table
      aria-label={t(props.label)}
      data-testid={props.testId}
      // Cells keep to one line; a wide table scrolls sideways instead.
      classNames={{ th: 'whitespace-nowrap', td: 'whitespace-nowrap' }}
      topContent={props.topContent}
      topContentPlacement="outside"
      sortDescriptor={sort}
      onSortChange={(d) => setSort({ column: String(d.column), direction: d.direction as SortDirection })}
      selectionMode={props.selectionMode ?? 'none'}
      onSelectionChange={props.onSelectionChange as any}
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
        {props.columns.map((column) => (
          <TableColumn key={column.key} align={column.align ?? 'start'} allowsSorting={!!column.sortValue}>
            {t(column.label)}
          </TableColumn>
        ))}
      </TableHeader>
      <TableBody
        isLoading={props.loading}
        loadingContent={<Spinner label={t('Loading...')} />}
        emptyContent={props.loading ? ' ' : t(props.emptyText)}
      >
        {rows.map((row) => (
          <TableRow key={props.rowKey(row)}>
            {props.columns.map((column) => (
              <TableCell key={column.key}>{cellValue(row, column)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
