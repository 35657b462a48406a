import { useEffect } from 'react'
import type { PendingOrderRow } from '#transformers/pending_order_transformer'
import { DEFAULT_PAGE_SIZE } from '@domain/pagination'
import { useServerList } from '~/hooks/use_server_list'
import { ACCOUNT_CHANGED_EVENT, NOTIFIED_EVENT } from '~/hooks/use_orders'
import { route } from '~/lib/routes'

export type { PendingOrderRow }

/**
 * The active wallet's pending orders (status 'pending': waiting for their
 * price) or their history (filled, cancelled, expired), a page at a time
 * (GET /dashboard/pending-orders). Re-read whenever the server signals an
 * account change (a fill) or sends a notification (an expiry, a cancel by
 * the market role or staff), so the order moves at once.
 */
export function usePendingOrders(status: 'pending' | 'history') {
  const list = useServerList<PendingOrderRow>(
    route('pending_orders.index', undefined, { status }),
    {
      searchable: false,
      pageSizes: [DEFAULT_PAGE_SIZE],
      // Beside other lists on the page (positions, statements): its paging stays out of the address.
      inUrl: false,
    }
  )
  const { reload } = list
  useEffect(() => {
    window.addEventListener(ACCOUNT_CHANGED_EVENT, reload)
    window.addEventListener(NOTIFIED_EVENT, reload)
    return () => {
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, reload)
      window.removeEventListener(NOTIFIED_EVENT, reload)
    }
  }, [reload])
  return list
}

export type PendingOrderList = ReturnType<typeof usePendingOrders>
