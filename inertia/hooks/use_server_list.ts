import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiError, type FieldErrors } from '~/lib/api'
import { PAGE_SIZES } from '@domain/pagination'

export interface ListMeta {
  total: number
  perPage: number
  currentPage: number
  lastPage: number
  /** The total is a floor: more rows match than the server counted ('Total: N+'). */
  totalAtLeast?: boolean
}

/** Search waits this long after the last keystroke (admin spec: generic data table). */
export const SEARCH_DEBOUNCE_MS = 1500

export type ListFilters = Record<string, string>
export type SortDirection = 'ascending' | 'descending'
export interface ListSort {
  column: string
  direction: SortDirection
}

export interface ServerListOptions<F extends ListFilters> {
  /** False for lists whose spec disables search: no search box, no search ever sent. */
  searchable?: boolean
  /** The filters and their default values ('' = unset). Non-default values live in the page URL. */
  filters?: F
  /** Server-side sort, with the column sorted first; without it columns sort in the browser. */
  sort?: ListSort
  /** Page sizes offered (the customer histories have one). */
  pageSizes?: readonly number[]
  /** The first page as the server rendered it: shown without a request when the URL asks for it. */
  initial?: { data: unknown[]; meta: ListMeta }
  /**
   * False for a list that is one of several on a page (the tabs of the edit
   * customer page): its state stays in the component, not in the page's URL
   * the other lists would read too.
   */
  inUrl?: boolean
}

interface ListState<F extends ListFilters> {
  page: number
  limit: number
  search: string
  filters: F
  sort?: ListSort
}

const SORT_ORDER = { ascending: 'asc', descending: 'desc' } as const

/** The list state a URL carries, so a reload, the back button or a shared link shows the same rows. */
function stateFromUrl<F extends ListFilters>(
  options: Required<Pick<ServerListOptions<F>, 'pageSizes'>> & ServerListOptions<F>
): ListState<F> {
  const query = new URLSearchParams(options.inUrl === false ? '' : window.location.search)
  const page = Number(query.get('page'))
  const limit = Number(query.get('limit'))
  const filters = { ...(options.filters ?? {}) } as F
  for (const key of Object.keys(filters)) {
    const value = query.get(key)
    if (value !== null) (filters as ListFilters)[key] = value.slice(0, 100)
  }
  const sortColumn = query.get('sort')
  const order = query.get('order')
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: options.pageSizes.includes(limit) ? limit : options.pageSizes[0],
    search: options.searchable !== false ? (query.get('search') ?? '').slice(0, 100) : '',
    filters,
    sort:
      options.sort && sortColumn && /^[A-Za-z_]{1,40}$/.test(sortColumn)
        ? { column: sortColumn, direction: order === 'asc' ? 'ascending' : 'descending' }
        : options.sort,
  }
}

/** Writes the state into the address bar without a visit (Inertia's page state is kept). */
function stateToUrl<F extends ListFilters>(
  state: ListState<F>,
  options: ServerListOptions<F>,
  pageSizes: readonly number[]
) {
  if (options.inUrl === false) return
  const url = new URL(window.location.href)
  const set = (key: string, value: string | null) =>
    value === null ? url.searchParams.delete(key) : url.searchParams.set(key, value)
  set('page', state.page > 1 ? String(state.page) : null)
  set('limit', state.limit !== pageSizes[0] ? String(state.limit) : null)
  set('search', state.search || null)
  for (const [key, value] of Object.entries(state.filters))
    set(key, value !== options.filters?.[key] ? value : null)
  const sortChanged =
    state.sort &&
    options.sort &&
    (state.sort.column !== options.sort.column || state.sort.direction !== options.sort.direction)
  set('sort', sortChanged ? state.sort!.column : null)
  set('order', sortChanged ? SORT_ORDER[state.sort!.direction] : null)
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url)
}

/** The API call of a state: `url`?page&limit[&search][&filters][&sort&order]. */
function requestUrl<F extends ListFilters>(
  url: string | ((filters: F) => string),
  state: ListState<F>
) {
  const query = new URLSearchParams({ page: String(state.page), limit: String(state.limit) })
  if (state.search) query.set('search', state.search)
  // A path-building url consumes the filters itself (e.g. /status/{status}/{type}); otherwise they go in the query.
  if (typeof url === 'string')
    for (const [key, value] of Object.entries(state.filters)) if (value) query.set(key, value)
  if (state.sort) {
    query.set('sort', state.sort.column)
    query.set('order', SORT_ORDER[state.sort.direction])
  }
  const base = typeof url === 'string' ? url : url(state.filters)
  return `${base}${base.includes('?') ? '&' : '?'}${query}`
}

/**
 * The one server-paged list, for staff lists and customer histories alike:
 * GET `url`?page&limit&search&…filters&sort&order → { data, meta }. Page,
 * size, search, filters and sort live in the page's URL. Typing in search
 * (debounced), changing the size, a filter or the sort go back to page 1;
 * only the latest answer is shown. `url` may be a function of the filters
 * for lists whose filters are path segments.
 */
export function useServerList<Row, F extends ListFilters = ListFilters>(
  url: string | ((filters: F) => string),
  options: ServerListOptions<F> = {}
) {
  const searchable = options.searchable !== false
  const pageSizes = options.pageSizes ?? PAGE_SIZES
  const [initialState] = useState(() => stateFromUrl<F>({ ...options, pageSizes }))
  // The server's first page stands for the URL's state only when that is the default first page.
  const [initialRows] = useState(() =>
    options.initial &&
    initialState.page === 1 &&
    initialState.limit === pageSizes[0] &&
    !initialState.search &&
    Object.entries(initialState.filters).every(([k, v]) => v === options.filters?.[k])
      ? options.initial
      : null
  )
  const [state, setState] = useState<ListState<F>>(initialState)
  const [rows, setRows] = useState<Row[]>((initialRows?.data as Row[]) ?? [])
  const [meta, setMeta] = useState<ListMeta>(
    initialRows?.meta ?? {
      total: 0,
      perPage: initialState.limit,
      currentPage: initialState.page,
      lastPage: 1,
    }
  )
  const [searchText, setSearchText] = useState(initialState.search)
  const [loading, setLoading] = useState(!initialRows)
  const [failure, setFailure] = useState<ApiError | null>(null)
  const [version, setVersion] = useState(0)
  const latest = useRef(0)
  const skipFirst = useRef(!!initialRows)
  const urlKey = typeof url === 'string' ? url : url(state.filters)

  useEffect(() => {
    if (!searchable || searchText.trim() === state.search) return
    const timer = setTimeout(
      () => setState((s) => ({ ...s, search: searchText.trim(), page: 1 })),
      SEARCH_DEBOUNCE_MS
    )
    return () => clearTimeout(timer)
  }, [searchText, state.search, searchable])

  const fetchPage = useCallback(
    (next: ListState<F>) => api<{ data: Row[]; meta: ListMeta }>('GET', requestUrl(url, next)),
    // The url function is usually an inline closure: its result (urlKey) is what matters.
    [urlKey]
  )

  useEffect(() => {
    stateToUrl(state, options, pageSizes)
    if (skipFirst.current) {
      skipFirst.current = false
      return
    }
    const request = ++latest.current
    setLoading(true)
    fetchPage(state)
      .then((r) => {
        if (request !== latest.current) return
        setRows(r.data)
        setMeta(r.meta)
        setFailure(null)
      })
      .catch((error) => {
        if (request !== latest.current) return
        setRows([])
        setFailure(error instanceof ApiError ? error : null)
      })
      .finally(() => {
        if (request === latest.current) setLoading(false)
      })
  }, [fetchPage, state, version])

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), [])
  const setLimit = useCallback((limit: number) => setState((s) => ({ ...s, limit, page: 1 })), [])
  const setSort = useCallback((sort: ListSort) => setState((s) => ({ ...s, sort, page: 1 })), [])
  const setFilters = useCallback(
    (changes: Partial<F>) =>
      setState((s) => ({ ...s, filters: { ...s.filters, ...changes }, page: 1 })),
    []
  )
  const reload = useCallback(() => setVersion((v) => v + 1), [])

  /**
   * Applies filters only if the server accepts them: the first page is read
   * with them, and on a 422 its field errors come back (the filter dialog
   * shows them and the list keeps its rows); on success the list moves.
   */
  const applyFilters = useCallback(
    async (changes: Partial<F>): Promise<FieldErrors | null> => {
      const next = { ...state, filters: { ...state.filters, ...changes }, page: 1 }
      try {
        const result = await fetchPage(next)
        latest.current++
        skipFirst.current = true
        setRows(result.data)
        setMeta(result.meta)
        setFailure(null)
        setState(next)
        return null
      } catch (error) {
        if (error instanceof ApiError) return error.fieldErrors
        throw error
      }
    },
    [state, fetchPage]
  )

  return {
    rows,
    meta,
    page: state.page,
    setPage,
    limit: state.limit,
    setLimit,
    pageSizes,
    searchable,
    searchText,
    setSearchText,
    filters: state.filters,
    setFilters,
    applyFilters,
    sort: state.sort,
    setSort,
    loading,
    /** The last failed read (e.g. a bad filter in a shared link), cleared by the next good one. */
    failure,
    reload,
  }
}

export type ServerList<Row, F extends ListFilters = ListFilters> = ReturnType<
  typeof useServerList<Row, F>
>
