import { useCallback, useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import type { OrderRow } from '#transformers/order_transformer'
import { api } from '~/lib/api'
import { route } from '~/lib/routes'

export type { OrderRow }

/** Fired by the shell when the server says the wallet or positions changed (a close by the risk engine). */
export const ACCOUNT_CHANGED_EVENT = 'account-changed'
/** Fired by the shell when a notification arrives (a pending order expired or was cancelled by staff). */
export const NOTIFIED_EVENT = 'notified'

/**
 * The active wallet's orders (GET /dashboard/orders), refreshed after every
 * order action here and whenever the server signals an account change.
 */
export function useOrders() {
  const [orders, setOrders] = useState<OrderRow[]>([])
  const [loaded, setLoaded] = useState(false)

  // Only the latest request may set the list: an older, slower answer must not overwrite a newer one.
  const latest = useRef(0)
  const refresh = useCallback(() => {
    const request = ++latest.current
    api<{ data: OrderRow[] }>('GET', route('orders.index'))
      .then((r) => {
        if (request === latest.current) setOrders(r.data)
      })
      .catch(() => {})
      .finally(() => setLoaded(true))
  }, [])

  useEffect(() => {
    refresh()
    window.addEventListener(ACCOUNT_CHANGED_EVENT, refresh)
    return () => window.removeEventListener(ACCOUNT_CHANGED_EVENT, refresh)
  }, [refresh])

  /** After an order action: the list and the shell's wallet figures. */
  const refreshAll = useCallback(() => {
    refresh()
    router.reload({ only: ['session'] })
  }, [refresh])

  return { orders, loaded, refresh, refreshAll }
}
