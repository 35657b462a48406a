import { useEffect } from 'react'
import { Transmit } from '@adonisjs/transmit-client'
import { xsrfToken } from '~/lib/api'

let client: Transmit | null = null

/** One Transmit (SSE) client per tab; subscriptions carry the CSRF token. */
export function transmitClient() {
  if (!client) {
    client = new Transmit({
      baseUrl: window.location.origin,
      beforeSubscribe: (request) => {
        const token = xsrfToken()
        if (token) request.headers.set('X-XSRF-TOKEN', token)
      },
      beforeUnsubscribe: (request) => {
        const token = xsrfToken()
        if (token) request.headers.set('X-XSRF-TOKEN', token)
      },
    })
  }
  return client
}

/** Listens to a channel while the component is mounted. */
export function useChannel<T>(channel: string | null, onMessage: (message: T) => void) {
  useEffect(() => {
    if (!channel) return
    const subscription = transmitClient().subscription(channel)
    const stop = subscription.onMessage<T>(onMessage)
    subscription.create().catch((e) => console.warn('subscription failed', channel, e))
    return () => {
      stop()
      subscription.delete().catch(() => {})
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel])
}
