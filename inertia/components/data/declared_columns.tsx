import type { ReactNode } from 'react'
import { Chip, Link } from '@heroui/react'
import type { ListColumn } from '@domain/staff_list'
import type { PagedColumn } from '~/components/data/paged_table'

type Row = { id: number }

/** A column of the shared table from its declared kind (#domain/staff_list). */
export function declaredColumn<R extends Row>(
  column: ListColumn<R>,
  t: (text: string) => string
): PagedColumn<R> {
  const value = (r: R) => r[column.key] as unknown
  const sorted = (r: R) => r[column.sortBy ?? column.key] as unknown
  const base = { key: column.key, label: column.label }
  // Sorted by the server when it says so, not at all when the declaration says so, else on the page.
  const sorting = (onPage?: (r: R) => unknown) =>
    column.serverSort
      ? { serverSort: column.serverSort }
      : column.sortable === false || !onPage
        ? {}
        : { sortValue: onPage as PagedColumn<R>['sortValue'] }
  switch (column.kind) {
    case 'yesNo':
      return {
        ...base,
        ...sorting((r) => (value(r) ? 1 : 0)),
        render: (r) => (
          <Chip
            size="sm"
            variant="flat"
            color={value(r) ? 'success' : (column.noColor ?? 'default')}
            data-testid={column.testId ? `${column.testId}-${r.id}` : undefined}
          >
            {t(value(r) ? (column.yes ?? 'Yes') : (column.no ?? 'No'))}
          </Chip>
        ),
      }
    case 'id':
    case 'number':
      return {
        ...base,
        ...sorting((r) => (sorted(r) === null ? null : Number(sorted(r)))),
        render: (r) => String(value(r) ?? column.empty ?? ''),
      }
    case 'label':
      return {
        ...base,
        ...sorting((r) =>
          typeof sorted(r) === 'number' ? (sorted(r) as number) : String(sorted(r) ?? '')
        ),
        render: (r) => t(String(value(r) ?? '')),
      }
    case 'image':
      return {
        ...base,
        render: (r) => {
          const image = value(r) as { url: string } | null
          if (!image) return <span>{column.empty ?? ''}</span>
          const alt = column.altKey ? String(r[column.altKey] ?? '') : ''
          return <img src={image.url} alt={alt} className="h-8 max-w-24 object-contain" />
        },
      }
    case 'link':
      return {
        ...base,
        ...sorting((r) => String(sorted(r) ?? '')),
        render: (r) => (
          <Link href={String(value(r))} isExternal size="sm" className="block max-w-xs truncate">
            {String(value(r))}
          </Link>
        ),
      }
    default: {
      const text = (r: R) => String(value(r) ?? column.empty ?? '')
      const flag = column.flag
      const shown = (r: R): ReactNode => {
        if (flag && r[flag.key]) {
          return (
            <Chip size="sm" color="warning" variant="flat" data-testid={`${flag.testId}-${r.id}`}>
              {t(flag.label)}
            </Chip>
          )
        }
        if (column.mono) return <span className="font-mono">{text(r)}</span>
        if (column.truncate) {
          return (
            <span className="block max-w-64 truncate" title={text(r)}>
              {text(r)}
            </span>
          )
        }
        return text(r)
      }
      const plain = !flag && !column.mono && !column.truncate && column.empty === undefined
      return {
        ...base,
        ...sorting(column.mono || flag ? undefined : (r) => String(sorted(r) ?? '').toLowerCase()),
        render: plain ? undefined : shown,
      }
    }
  }
}
