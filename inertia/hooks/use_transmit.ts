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

/** How many mounted components listen to each channel, and a pending release. */
const listeners = new Map<
  string,
  { count: number; release: ReturnType<typeof setTimeout> | null }
>()
/** Unsubscribe calls in flight: a new listener waits for them, then subscribes afresh. */
const deleting = new Map<string, Promise<void>>()

/** How long an unused subscription is kept: a page change unmounts one shell and mounts the next. */
const RELEASE_DELAY_MS = 1000

/**
 * Listens to a channel while the component is mounted. The client keeps one
 * subscription per channel, so it is counted: deleting it as the old page
 * unmounts would unsubscribe the new page too (the unsubscribe call lands
 * after the new page's subscribe found the subscription still "created"),
 * and the tab would stop receiving the channel after an Inertia visit.
 */
export function useChannel<T>(channel: string | null, onMessage: (message: T) => void) {
  useEffect(() => (channel ? listenTo(channel, onMessage) : undefined), [channel])
}

/**
 * Listens to a channel until the returned function is called (useChannel's
 * counting, for code that follows a changing set of channels).
 */
export function listenTo<T>(channel: string, onMessage: (message: T) => void) {
  const entry = listeners.get(channel) ?? { count: 0, release: null }
  listeners.set(channel, entry)
  entry.count++
  if (entry.release) clearTimeout(entry.release)
  entry.release = null

  let stop = () => {}
  let unmounted = false
  const attach = () => {
    if (unmounted) return
    const subscription = transmitClient().subscription(channel)
    stop = subscription.onMessage<T>(onMessage)
    subscription.create().catch((e) => console.warn('subscription failed', channel, e))
  }
  const inFlight = deleting.get(channel)
  if (inFlight) inFlight.then(attach)
  else attach()

  return () => {
    if (unmounted) return
    unmounted = true
    stop()
    entry.count--
    if (entry.count > 0) return
    entry.release = setTimeout(() => {
      if (entry.count > 0) return
      listeners.delete(channel)
      const done = transmitClient()
        .subscription(channel)
        .delete()
        .catch(() => {})
        .finally(() => deleting.delete(channel))
      deleting.set(channel, done)
    }, RELEASE_DELAY_MS)
  }
}
