import { useCallback, useEffect, useState } from 'react'
import { api } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

interface FavoriteItem {
  id: number
  instrument_id: number
  name: string
  list_id: number
}

/** The user's favorite instruments (GET /dashboard/get-favorite) and the star toggle. */
export function useFavorites() {
  const [ids, setIds] = useState<Set<number>>(new Set())

  const load = useCallback(() => {
    api<FavoriteItem[]>('GET', route('favorites.index'))
      .then((rows) => setIds(new Set(rows.map((r) => r.instrument_id))))
      .catch(() => toastError('Something went wrong'))
  }, [])
  useEffect(load, [load])

  async function toggle(instrumentId: number) {
    const adding = !ids.has(instrumentId)
    try {
      await api('POST', adding ? route('favorites.add') : route('favorites.remove'), {
        id: instrumentId,
      })
      toastSuccess(adding ? 'Added to favorites' : 'Removed from favorites')
      load()
    } catch {
      toastError('Something went wrong')
    }
  }

  return { ids, toggle }
}
