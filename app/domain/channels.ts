/** Transmit channel names shared by server and browser. */
export const PRICES_CHANNEL = 'prices'
export const HEARTBEAT_CHANNEL = 'heartbeat'

export function userChannel(userId: number) {
  return `users/${userId}`
}
