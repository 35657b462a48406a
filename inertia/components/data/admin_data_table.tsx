import { lazy, Suspense, type Key, type ReactNode } from 'react'
import { Input } from '@heroui/react'
import { PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { useTranslation } from '~/hooks/use_translation'
import type { ServerList } from '~/hooks/use_server_list'

/** HeroUI's Alert is shown only when a read fails: loaded then, not with every list page. */
const ListFailure = lazy(() =>
  import('~/components/data/list_failure').then((m) => ({ default: m.ListFailure }))
)

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
        {/* A native select drawn as HeroUI's small one: HeroUI's Select would bring its listbox,
            popover and overlay stack into the first load of every list page (issue 25 item 4). */}
        <select
          aria-label={t('Rows per page')}
          className="h-8 w-28 cursor-pointer rounded-small bg-default-100 px-2 text-small text-foreground outline-none hover:bg-default-200 focus-visible:ring-2 focus-visible:ring-focus dark:[color-scheme:dark]"
          value={String(list.limit)}
          onChange={(event) => list.setLimit(Number(event.target.value))}
          data-testid={`${testId}-page-size`}
        >
          {list.pageSizes.map((size) => (
            <option key={size} value={String(size)}>
              {String(size)}
            </option>
          ))}
        </select>
        <span className="text-small text-default-500" data-testid={`${testId}-total`}>
          {t('Total')}: {list.meta.total}
          {list.meta.totalAtLeast ? '+' : ''}
        </span>
      </div>
      {props.actions && <div className="flex flex-wrap gap-2">{props.actions}</div>}
      {list.failure && (
        <Suspense fallback={null}>
          <ListFailure title={t(list.failure.message)} testId={`${testId}-failure`} />
        </Suspense>
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
