import db from '@adonisjs/lucid/services/db'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import { isCommonWord, selectivePiece, type TrigramShares } from '#domain/search_pieces'
import { likePattern } from '#queries/paginate'

/**
 * The columns a lead search reads, each as its trigram index (migration 019)
 * holds it: names lower-cased, e-mails stored lower-cased, phones as typed.
 */
export const LEAD_SEARCH_COLUMNS = {
  first_name: 'lower(first_name)',
  last_name: 'lower(last_name)',
  email: 'email',
  phone: 'phone',
} as const

export type LeadSearchColumn = keyof typeof LEAD_SEARCH_COLUMNS

const COLUMNS = Object.keys(LEAD_SEARCH_COLUMNS) as LeadSearchColumn[]

/** The same expressions on `leads.`, as the list queries write them. */
const ON_LEADS: Record<LeadSearchColumn, string> = {
  first_name: 'LOWER(leads.first_name)',
  last_name: 'LOWER(leads.last_name)',
  email: 'leads.email',
  phone: 'leads.phone',
}

/** A lead search: the text each column is compared with, and how the trigram indexes serve it. */
export interface LeadSearch {
  texts: Record<LeadSearchColumn, string>
  /** Per column, the rare part of its text (#domain/search_pieces); absent: the whole text. */
  pieces: Partial<Record<LeadSearchColumn, string>>
  /** False: no index is offered the text (a common word on rows another condition narrows). */
  indexed: boolean
}

/** The shares read from `lead_search_trigrams` change daily; a process rereads them this often. */
const SHARES_TTL_MS = 10 * 60_000

let cached: { readAt: number; shares: Map<string, Map<string, number>> } | null = null

async function trigramShares(): Promise<Map<string, Map<string, number>>> {
  if (cached && Date.now() - cached.readAt < SHARES_TTL_MS) return cached.shares
  const rows: { column_name: string; trigram: string; share: number }[] = await db
    .from('lead_search_trigrams')
    .select('column_name', 'trigram', 'share')
  const shares = new Map<string, Map<string, number>>()
  for (const row of rows) {
    if (!shares.has(row.column_name)) shares.set(row.column_name, new Map())
    shares.get(row.column_name)!.set(row.trigram, Number(row.share))
  }
  cached = { readAt: Date.now(), shares }
  return shares
}

/** Drops this process's copy of the shares (after a refresh, in tests). */
export function forgetLeadTrigramShares() {
  cached = null
}

const NO_SHARES: TrigramShares = new Map()

/**
 * What a search for `text` compares each column with and, on PostgreSQL
 * (the only database with trigram indexes), which part its index gets.
 * `narrowed`: another condition of the list already narrows the rows (a
 * date range, one agent's or affiliate's leads): a common word is then
 * checked on those rows rather than looked up (measured: docs/BENCHMARKS.md).
 */
export async function leadSearchOf(
  text: string,
  options: { narrowed?: boolean } = {}
): Promise<LeadSearch> {
  const lowered = text.toLowerCase()
  const texts = { first_name: lowered, last_name: lowered, email: lowered, phone: text }
  if (db.connection().dialect.name !== 'postgres') return { texts, pieces: {}, indexed: true }
  const shares = await trigramShares()
  const pieces: LeadSearch['pieces'] = {}
  let common = false
  for (const column of COLUMNS) {
    const columnShares = shares.get(column) ?? NO_SHARES
    common ||= isCommonWord(texts[column], columnShares)
    const piece = selectivePiece(texts[column], columnShares)
    if (piece !== null) pieces[column] = piece
  }
  return { texts, pieces, indexed: !(common && options.narrowed) }
}

/**
 * Leads whose first or last name, e-mail or phone holds the search. Where a
 * column's index gets only part of the text, the whole text is checked on
 * the rows it finds with strpos(), which no index answers, so the planner
 * keeps the narrow LIKE as the index condition; a search the indexes are not
 * offered is checked with strpos() alone.
 */
export function whereLeadSearch<Query extends ChainableContract>(
  query: Query,
  search: LeadSearch
): Query {
  if (search.indexed) {
    query.where((match) => {
      for (const column of COLUMNS) {
        const pattern = likePattern(search.pieces[column] ?? search.texts[column])
        match.orWhereRaw(`${ON_LEADS[column]} LIKE ? ESCAPE ?`, [pattern, '\\'])
      }
    })
    if (Object.keys(search.pieces).length === 0) return query
  }
  return query.where((whole) => {
    for (const column of COLUMNS)
      whole.orWhereRaw(`strpos(${ON_LEADS[column]}, ?) > 0`, [search.texts[column]])
  })
}
