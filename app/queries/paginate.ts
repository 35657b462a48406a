import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { PAGE_SIZES, pageCount } from '#domain/pagination'
import { UserFacingException } from '#exceptions/user_facing_exception'

export interface PageMeta {
  total: number
  perPage: number
  currentPage: number
  lastPage: number
}

/** One page of a list query as every list answers it: `{ data, meta }` (customer spec §7, admin spec §2). */
export async function pageOf<Model extends LucidModel, Row>(
  query: ModelQueryBuilderContract<Model>,
  options: { page?: number; limit?: number },
  toRow: (model: InstanceType<Model>) => Row
): Promise<{ data: Row[]; meta: PageMeta }> {
  const page = options.page ?? 1
  const perPage = options.limit ?? PAGE_SIZES[0]
  const result = await query.paginate(page, perPage)
  const total = Number(result.total)
  return {
    data: result.all().map((m) => toRow(m as InstanceType<Model>)),
    meta: { total, perPage, currentPage: page, lastPage: pageCount(total, perPage) },
  }
}

/** A search text as a LIKE pattern, its wildcards escaped (use with `ESCAPE '\\'`). */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The ids of the users whose full name or e-mail contains the search, case-insensitively (a subquery). */
export function userMatching(search: string) {
  const pattern = likePattern(search.toLowerCase())
  return db
    .from('users')
    .select('id')
    .where((match) =>
      match
        .whereRaw('LOWER(full_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(email) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
}

/**
 * A list's server-side sort: `sort` must be one of the list's own sortable
 * keys (each naming its SQL column), else 422 under 'sort'. The id breaks
 * ties so pages never overlap; without a sort the fallback applies.
 */
export function sortedBy<
  Query extends { orderBy(column: string, direction: 'asc' | 'desc'): Query },
>(
  query: Query,
  requested: { sort?: string; order?: 'asc' | 'desc' },
  sortable: Record<string, string>,
  fallback: { column: string; order: 'asc' | 'desc' } = { column: 'id', order: 'desc' }
): Query {
  if (requested.sort !== undefined && !Object.hasOwn(sortable, requested.sort)) {
    throw new UserFacingException('This list cannot be sorted by that column', { field: 'sort' })
  }
  const column = requested.sort ? sortable[requested.sort] : fallback.column
  const order = requested.sort ? (requested.order ?? 'asc') : fallback.order
  const sorted = query.orderBy(column, order)
  const id = column.includes('.') ? `${column.split('.')[0]}.id` : 'id'
  return column === id ? sorted : sorted.orderBy(id, order)
}
