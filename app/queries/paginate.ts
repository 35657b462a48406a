import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { PAGE_SIZES, pageCount } from '#domain/pagination'
import { UserFacingException } from '#exceptions/user_facing_exception'

export interface PageMeta {
  total: number
  perPage: number
  currentPage: number
  lastPage: number
  /** The total is a floor: more rows match than were counted ('Total: N+'). */
  totalAtLeast?: boolean
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

/** A list's total: exact, or a floor (`atLeast`) where counting every match would cost too much. */
export interface ListTotal {
  total: number
  atLeast?: boolean
}

/** The total of disjoint parts, each counted on its own (each from its own index). */
export async function sumOfCounts(parts: DatabaseQueryBuilderContract[]): Promise<ListTotal> {
  const totals = await Promise.all(parts.map((part) => part.count('* as total').first()))
  return { total: totals.reduce((sum, row) => sum + Number(row?.total ?? 0), 0) }
}

/**
 * One page of the ids a search matches, and their total, in a single pass
 * over the matches (`matches` selects `id`; a fresh builder per call): at
 * most `cap` + 1 are read, numbered and sorted by id, and the page's ids come
 * back with the total. More than `cap` answers `{ total: cap, atLeast: true }`
 * and no ids: the caller then pages by the id index, where such matches are
 * dense. Counting and paging apart would read the matches twice, and on
 * PostgreSQL each read is a trigram index scan (docs/BENCHMARKS.md).
 */
export async function cappedMatchPage(
  matches: () => DatabaseQueryBuilderContract,
  cap: number,
  options: { page?: number; limit?: number },
  order: 'asc' | 'desc'
): Promise<ListTotal & { ids: number[] }> {
  const page = options.page ?? 1
  const perPage = options.limit ?? PAGE_SIZES[0]
  const rows = await db
    .from(
      matches()
        .limit(cap + 1)
        .as('matches')
    )
    .select('id', db.raw('count(*) over () as total'))
    .orderBy('id', order)
    .forPage(page, perPage)
  // A page past the last one holds no row to carry the total: count apart (rare).
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : page === 1
        ? 0
        : Number(
            (
              await db
                .from(
                  matches()
                    .limit(cap + 1)
                    .as('matches')
                )
                .count('* as total')
                .first()
            )?.total ?? 0
          )
  if (total > cap) return { total: cap, atLeast: true, ids: [] }
  return { total, ids: rows.map((row: { id: number }) => Number(row.id)) }
}

/**
 * One page of rows with a total counted apart (a promise of it runs while
 * the page is read).
 */
export async function pageWithTotal<Model extends LucidModel, Row>(
  query: ModelQueryBuilderContract<Model>,
  counted: ListTotal | Promise<ListTotal>,
  options: { page?: number; limit?: number },
  toRow: (model: InstanceType<Model>) => Row
): Promise<{ data: Row[]; meta: PageMeta }> {
  const page = options.page ?? 1
  const perPage = options.limit ?? PAGE_SIZES[0]
  const [rows, total] = await Promise.all([query.forPage(page, perPage), counted])
  return listPage(rows as InstanceType<Model>[], total, options, toRow)
}

/** A page's answer from its rows (already the page's) and the list's total. */
export function listPage<Item, Row>(
  rows: Item[],
  { total, atLeast }: ListTotal,
  options: { page?: number; limit?: number },
  toRow: (item: Item) => Row
): { data: Row[]; meta: PageMeta } {
  const perPage = options.limit ?? PAGE_SIZES[0]
  return {
    data: rows.map(toRow),
    meta: {
      total,
      perPage,
      currentPage: options.page ?? 1,
      lastPage: pageCount(total, perPage),
      ...(atLeast ? { totalAtLeast: true } : {}),
    },
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
 * keys (each naming its SQL column), else 422 under 'sort'; without a sort
 * the fallback applies.
 */
export function sortOf(
  requested: { sort?: string; order?: 'asc' | 'desc' },
  sortable: Record<string, string>,
  fallback: { column: string; order: 'asc' | 'desc' } = { column: 'id', order: 'desc' }
): { column: string; order: 'asc' | 'desc' } {
  if (requested.sort !== undefined && !Object.hasOwn(sortable, requested.sort)) {
    throw new UserFacingException('This list cannot be sorted by that column', { field: 'sort' })
  }
  if (!requested.sort) return fallback
  return { column: sortable[requested.sort], order: requested.order ?? 'asc' }
}

/** Orders a query by `sortOf`; the id breaks ties so pages never overlap. */
export function sortedBy<
  Query extends { orderBy(column: string, direction: 'asc' | 'desc'): Query },
>(
  query: Query,
  requested: { sort?: string; order?: 'asc' | 'desc' },
  sortable: Record<string, string>,
  fallback: { column: string; order: 'asc' | 'desc' } = { column: 'id', order: 'desc' }
): Query {
  const { column, order } = sortOf(requested, sortable, fallback)
  const sorted = query.orderBy(column, order)
  const id = column.includes('.') ? `${column.split('.')[0]}.id` : 'id'
  return column === id ? sorted : sorted.orderBy(id, order)
}
