import transmit from '@adonisjs/transmit/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import { userChannel } from '#domain/channels'

/**
 * Stores a notification and pushes it on the user's private channel; the
 * shell then toasts it, plays a sound and refreshes the list. Given a
 * transaction, the row is written in it and the push waits for its commit.
 */
export async function notifyUser(
  userId: number,
  input: { title: string; description?: string | null; url?: string | null },
  trx?: TransactionClientContract
) {
  const notification = await Notification.create(
    {
      userId,
      title: input.title,
      description: input.description ?? null,
      url: input.url ?? null,
    },
    trx ? { client: trx } : undefined
  )
  const push = () =>
    transmit.broadcast(userChannel(userId), {
      event: 'notification',
      id: notification.id,
      title: notification.title,
      description: notification.description,
      url: notification.url,
    })
  if (trx) trx.after('commit', push)
  else push()
  return notification
}

/** Tells the user's open pages that their wallet or positions changed (the shell re-reads its figures). */
export function signalAccountChanged(userId: number) {
  transmit.broadcast(userChannel(userId), { event: 'account' })
}
