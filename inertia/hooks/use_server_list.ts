import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '~/lib/api'
import { PAGE_SIZES } from '@domain/pagination'

export interface ListMeta {
  total: number
  perPage: number
  currentPage: number
  lastPage: number
}

/** Search waits this long after the last keystroke (admin spec: generic data table). */
export const SEARCH_DEBOUNCE_MS = 1500

/** The list state a URL carries, so a reload, the back button or a shared link shows the same rows. */
interface ListState {
  page: number
  limit: number
  search: string
}

function stateFromUrl(searchable: boolean): ListState {
  const query = new URLSearchParams(window.location.search)
  const page = Number(query.get('page'))
  const limit = Number(query.get('limit'))
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : PAGE_SIZES[0],
    search: searchable ? (query.get('search') ?? '').slice(0, 100) : '',
  }
}

/** Writes the state into the address bar without a visit (Inertia's page state is kept). */
function stateToUrl(state: ListState) {
  const url = new URL(window.location.href)
  const set = (key: string, value: string | null) =>
    value === null ? url.searchParams.delete(key) : url.searchParams.set(key, value)
  set('page', state.page > 1 ? String(state.page) : null)
  set('limit', state.limit !== PAGE_SIZES[0] ? String(state.limit) : null)
  set('search', state.search || null)
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url)
}

/**
 * One server-paged list: GET `url`?page&limit&search → { data, meta }. Page,
 * size and search live in the page's URL. Typing in search (debounced) and
 * changing the page size go back to page 1; only the latest answer is shown.
 * `searchable: false` for lists whose spec disables search: the table then
 * shows no search box, and no search is ever sent.
 */
export function useServerList<Row>(url: string, options: { searchable?: boolean } = {}) {
  const searchable = options.searchable !== false
  const [initial] = useState(() => stateFromUrl(searchable))
  const [rows, setRows] = useState<Row[]>([])
  const [meta, setMeta] = useState<ListMeta>({ total: 0, perPage: initial.limit, currentPage: initial.page, lastPage: 1 })
  const [page, setPage] = useState(initial.page)
  const [limit, setLimitState] = useState<number>(initial.limit)
  const [searchText, setSearchText] = useState(initial.search)
  const [search, setSearch] = useState(initial.search)
  const [loading, setLoading] = useState(true)
  const [version, setVersion] = useState(0)
  const latest = useRef(0)

  useEffect(() => {
    if (!searchable || searchText.trim() === search) return
    const timer = setTimeout(() => {
      setSearch(searchText.trim())
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText, search, searchable])

  useEffect(() => {
    stateToUrl({ page, limit, search })
    const request = ++latest.current
    const query = new URLSearchParams({ page: String(page), limit: String(limit) })
    if (search) query.set('search', search)
    setLoading(true)
    api<{ data: Row[]; meta: ListMeta }>('GET', `${url}${url.includes('?') ? '&' : '?'}${query}`)
      .then((r) => {
        if (request !== latest.current) return
        setRows(r.data)
        setMeta(r.meta)
      })
      .catch(() => {
        if (request === latest.current) setRows([])
      })
      .finally(() => {
        if (request === latest.current) setLoading(false)
      })
  }, [url, page, limit, search, version])

  const setLimit = useCallback((next: number) => {
    setLimitState(next)
    setPage(1)
  }, [])
  const reload = useCallback(() => setVersion((v) => v + 1), [])

  return { rows, meta, page, setPage, limit, setLimit, searchable, searchText, setSearchText, loading, reload }
}
