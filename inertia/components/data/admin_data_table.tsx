import type { Key, ReactNode } from 'react'
import { Alert, Input, Select, SelectItem } from '@heroui/react'
import { PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { useTranslation } from '~/hooks/use_translation'
import type { ServerList } from '~/hooks/use_server_list'

/**
 * The admin back-office's generic data table (admin spec §2): server-paged,
 * a search box (debounced 1500 ms, back to page 1), a page-size selector (15,
 * 25, 50), 'Total: N', 'No data found', a spinner, client-side column sorting
 * (id descending by default; the server's when the list has a server sort),
 * optional row selection and slots for filters, add-new, upload-CSV and other
 * actions. The list state comes from `useServerList` (whose `searchable`
 * decides the search box); a read the server refused shows its message.
 */
export function AdminDataTable<Row>(props: {
  label: string
  list: ServerList<Row, any>
  columns: PagedColumn<Row>[]
  rowKey: (row: Row) => Key
  /** Add-new, upload-CSV and other toolbar buttons. */
  actions?: ReactNode
  /** Filter controls, beside the search box (their values belong in the list's filters). */
  filters?: ReactNode
  selectionMode?: 'none' | 'multiple'
  onSelectionChange?: (keys: Set<Key> | 'all') => void
  /** Controlled selection (optional): the page clears it after a bulk action. */
  selectedKeys?: Set<Key> | 'all'
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
        {props.filters}
        <Select
          size="sm"
          className="w-28"
          aria-label={t('Rows per page')}
          selectedKeys={[String(list.limit)]}
          onSelectionChange={(keys) => list.setLimit(Number([...keys][0] ?? list.pageSizes[0]))}
          data-testid={`${testId}-page-size`}
        >
          {list.pageSizes.map((size) => (
            <SelectItem key={String(size)}>{String(size)}</SelectItem>
          ))}
        </Select>
        <span className="text-small text-default-500" data-testid={`${testId}-total`}>
          {t('Total')}: {list.meta.total}
          {list.meta.totalAtLeast ? '+' : ''}
        </span>
      </div>
      {props.actions && <div className="flex flex-wrap gap-2">{props.actions}</div>}
      {list.failure && (
        <Alert
          color="danger"
          className="basis-full"
          title={t(list.failure.message)}
          data-testid={`${testId}-failure`}
        />
      )}
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
      serverSort={list.sort && { ...list.sort, onChange: list.setSort }}
      selectionMode={props.selectionMode}
      onSelectionChange={props.onSelectionChange}
      selectedKeys={props.selectedKeys}
    />
  )
}
