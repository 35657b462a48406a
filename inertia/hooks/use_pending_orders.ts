import { useEffect } from 'react'
import type { PendingOrderRow } from '#transformers/pending_order_transformer'
import { DEFAULT_PAGE_SIZE } from '@domain/pagination'
import { useServerList } from '~/hooks/use_server_list'
import { ACCOUNT_CHANGED_EVENT } from '~/hooks/use_orders'

export type { PendingOrderRow }

/**
 * The active wallet's pending orders (status 'pending': waiting for their
 * price) or their history (filled, cancelled, expired), a page at a time
 * (GET /dashboard/pending-orders). Re-read whenever the server signals an
 * account change, so a fill, a cancel or an expiry moves the order at once.
 */
export function usePendingOrders(status: 'pending' | 'history') {
  const list = useServerList<PendingOrderRow>(`/dashboard/pending-orders?status=${status}`, {
    searchable: false,
    pageSizes: [DEFAULT_PAGE_SIZE],
    // Beside other lists on the page (positions, statements): its paging stays out of the address.
    inUrl: false,
  })
  const { reload } = list
  useEffect(() => {
    window.addEventListener(ACCOUNT_CHANGED_EVENT, reload)
    return () => window.removeEventListener(ACCOUNT_CHANGED_EVENT, reload)
  }, [reload])
  return list
}

export type PendingOrderList = ReturnType<typeof usePendingOrders>
