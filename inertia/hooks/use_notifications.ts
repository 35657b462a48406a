import { useCallback, useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { api } from '~/lib/api'
import { toast } from '~/lib/toast'
import { playNotificationSound } from '~/lib/sound'
import { useChannel } from '~/hooks/use_transmit'
import { ACCOUNT_CHANGED_EVENT, NOTIFIED_EVENT } from '~/hooks/use_orders'
import { route } from '~/lib/routes'

export interface NotificationItem {
  id: number
  title: string
  description: string | null
  url: string | null
  createdAt: string | null
}

type UserEvent =
  | {
      event: 'notification'
      id: number
      title: string
      description: string | null
      url: string | null
    }
  | { event: 'account' }

/**
 * The notification list (GET /notifications) and the user's private channel:
 * a new notification toasts, chimes and refreshes the list; an `account`
 * event re-reads the shell's wallet figures.
 */
export function useNotifications(userId: number | null) {
  const [items, setItems] = useState<NotificationItem[]>([])

  // Only the latest request may set the list: an older, slower answer must not overwrite a newer one.
  const latest = useRef(0)
  const refresh = useCallback(() => {
    if (!userId) return
    const request = ++latest.current
    api<{ data: NotificationItem[] }>('GET', route('notifications.index'))
      .then((r) => {
        if (request === latest.current) setItems((shown) => withLivePushes(r.data, shown))
      })
      .catch(() => {})
  }, [userId])

  useEffect(refresh, [refresh])

  useChannel<UserEvent>(userId ? `users/${userId}` : null, (message) => {
    if (message.event === 'notification') {
      playNotificationSound()
      toast(message.title, { description: message.description })
      // The pushed item joins the list at once; the re-read then brings the stored list.
      const { event: _event, ...pushed } = message
      setItems((shown) => [
        { ...pushed, createdAt: null },
        ...shown.filter((i) => i.id !== pushed.id),
      ])
      refresh()
      window.dispatchEvent(new Event(NOTIFIED_EVENT))
    } else if (message.event === 'account') {
      router.reload({ only: ['session'] })
      window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT))
    }
  })

  return { items, refresh }
}

/**
 * A stored list read back from the server, keeping items pushed live that are
 * newer than anything in it (a read that started before the push must not hide them).
 */
function withLivePushes(stored: NotificationItem[], shown: NotificationItem[]) {
  const newestStored = stored.reduce((max, item) => Math.max(max, item.id), 0)
  const newer = shown.filter(
    (item) => item.id > newestStored && !stored.some((s) => s.id === item.id)
  )
  return [...newer, ...stored]
}
