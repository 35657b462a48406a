import type { Key, ReactNode } from 'react'
import { Input, Select, SelectItem } from '@heroui/react'
import { PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { useTranslation } from '~/hooks/use_translation'
import { PAGE_SIZES } from '@domain/pagination'
import type { useServerList } from '~/hooks/use_server_list'

/**
 * The admin back-office's generic data table (admin spec §2): server-paged,
 * a search box (debounced 1500 ms, back to page 1), a page-size selector (15,
 * 25, 50), 'Total: N', 'No data found', a spinner, client-side column sorting
 * (id descending by default), optional row selection and slots for add-new,
 * upload-CSV and other actions. The list state comes from `useServerList`
 * (whose `searchable` decides the search box).
 */
export function AdminDataTable<Row>(props: {
  label: string
  list: ReturnType<typeof useServerList<Row>>
  columns: PagedColumn<Row>[]
  rowKey: (row: Row) => Key
  /** Add-new, upload-CSV and other toolbar buttons. */
  actions?: ReactNode
  selectionMode?: 'none' | 'multiple'
  onSelectionChange?: (keys: Set<Key> | 'all') => void
  defaultSort?: { column: string; direction: 'ascending' | 'descending' }
  testId?: string
}) {
  const { t } = useTranslation()
  const { list } = props
  const testId = props.testId ?? 'data-table'
  const top = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-wrap items-end gap-3">
        {list.searchable && (
          <Input
            size="sm"
            isClearable
            className="w-64"
            aria-label={t('Search')}
            placeholder={t('Search')}
            value={list.searchText}
            onValueChange={list.setSearchText}
            data-testid={`${testId}-search`}
          />
        )}
        <Select
          size="sm"
          className="w-28"
          aria-label={t('Rows per page')}
          selectedKeys={[String(list.limit)]}
          onSelectionChange={(keys) => list.setLimit(Number([...keys][0] ?? PAGE_SIZES[0]))}
          data-testid={`${testId}-page-size`}
        >
          {PAGE_SIZES.map((size) => (
            <SelectItem key={String(size)}>{String(size)}</SelectItem>
          ))}
        </Select>
        <span className="text-small text-default-500" data-testid={`${testId}-total`}>
          {t('Total')}: {list.meta.total}
        </span>
      </div>
      {props.actions && <div className="flex gap-2">{props.actions}</div>}
    </div>
  )
  return (
    <PagedTable
      label={props.label}
      columns={props.columns}
      rows={list.rows}
      rowKey={props.rowKey}
      page={list.page}
      pageSize={list.limit}
      total={list.meta.total}
      onPageChange={list.setPage}
      loading={list.loading}
      emptyText="No data found"
      testId={testId}
      topContent={top}
      defaultSort={props.defaultSort ?? { column: 'id', direction: 'descending' }}
      selectionMode={props.selectionMode}
      onSelectionChange={props.onSelectionChange}
    />
  )
}
