import type { Key, ReactNode } from 'react'
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
}) {
  const { t } = useTranslation()
  const pages = pageCount(props.total, props.pageSize)
  const cellValue = (row: Row, column: PagedColumn<Row>) =>
    column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')
  return (
    <Table
      aria-label={t(props.label)}
      data-testid={props.testId}
      // Cells keep to one line; a wide table scrolls sideways instead.
      classNames={{ th: 'whitespace-nowrap', td: 'whitespace-nowrap' }}
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
          <TableColumn key={column.key} align={column.align ?? 'start'}>
            {t(column.label)}
          </TableColumn>
        ))}
      </TableHeader>
      <TableBody
        isLoading={props.loading}
        loadingContent={<Spinner label={t('Loading...')} />}
        emptyContent={props.loading ? ' ' : t(props.emptyText)}
      >
        {props.rows.map((row) => (
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
