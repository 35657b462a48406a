import transmit from '@adonisjs/transmit/services/main'
import { waitFor } from '#tests/fakes/net'
import { userChannel } from '#domain/channels'

/**
 * Waits until a page has subscribed to the user's private channel (the test
 * server runs in this process), so an event sent next reaches it: the page
 * subscribes only after it has loaded, later still on a busy machine.
 */
export function userChannelReady(userId: number, timeoutMs = 15_000) {
  return waitFor(
    () => transmit.getManager().findByChannel(userChannel(userId)).size > 0,
    `a subscriber on ${userChannel(userId)}`,
    timeoutMs
  )
}
