import transmit from '@adonisjs/transmit/services/main'
import Notification from '#models/notification'
import { userChannel } from '#domain/channels'

/**
 * Stores a notification and pushes it on the user's private channel; the
 * shell then toasts it, plays a sound and refreshes the list.
 */
export async function notifyUser(
  userId: number,
  input: { title: string; description?: string | null; url?: string | null }
) {
  const notification = await Notification.create({
    userId,
    title: input.title,
    description: input.description ?? null,
    url: input.url ?? null,
  })
  transmit.broadcast(userChannel(userId), {
    event: 'notification',
    id: notification.id,
    title: notification.title,
    description: notification.description,
    url: notification.url,
  })
  return notification
}

/** Tells the user's open pages that their wallet or positions changed (the shell re-reads its figures). */
export function signalAccountChanged(userId: number) {
  transmit.broadcast(userChannel(userId), { event: 'account' })
}
