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

/**
 * One server-paged list: GET `url`?page&limit&search → { data, meta }. Typing
 * in search (debounced) and changing the page size go back to page 1; only
 * the latest answer is shown.
 */
export function useServerList<Row>(url: string, options: { searchable?: boolean } = {}) {
  const [rows, setRows] = useState<Row[]>([])
  const [meta, setMeta] = useState<ListMeta>({ total: 0, perPage: PAGE_SIZES[0], currentPage: 1, lastPage: 1 })
  const [page, setPage] = useState(1)
  const [limit, setLimitState] = useState<number>(PAGE_SIZES[0])
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [loading, setLoading] = useState(true)
  const [version, setVersion] = useState(0)
  const latest = useRef(0)

  useEffect(() => {
    if (!options.searchable) return
    const timer = setTimeout(() => {
      setSearch(searchText.trim())
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText, options.searchable])

  useEffect(() => {
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

  return { rows, meta, page, setPage, limit, setLimit, searchText, setSearchText, loading, reload }
}
