import type { HttpContext } from '@adonisjs/core/http'
import { latestNotifications } from '#queries/notifications'
import { notificationItem } from '#transformers/notification_transformer'

export default class NotificationsController {
  async index({ auth }: HttpContext) {
    const rows = await latestNotifications(auth.getUserOrFail().id)
    return { data: rows.map(notificationItem) }
  }
}
