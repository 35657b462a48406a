import type Notification from '#models/notification'

export function notificationItem(n: Notification) {
  return {
    id: n.id,
    title: n.title,
    description: n.description,
    url: n.url,
    createdAt: n.createdAt.toISO(),
  }
}

export type NotificationItem = ReturnType<typeof notificationItem>
