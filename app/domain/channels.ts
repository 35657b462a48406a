/** Transmit channel names shared by server and browser. */
export const PRICES_CHANNEL = 'prices'

/** Feed status for the admin API Status page: `{ type: 'heartbeat', feeds }` every few seconds. */
export const HEARTBEAT_CHANNEL = 'heartbeat'

export function userChannel(userId: number) {
  return `users/${userId}`
}
