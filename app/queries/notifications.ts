import Notification from '#models/notification'

/** The dropdown shows the most recent notifications. */
export const NOTIFICATIONS_SHOWN = 20

export function latestNotifications(userId: number) {
  return Notification.query()
    .where('user_id', userId)
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
}
