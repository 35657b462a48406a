/** Transmit channel names shared by server and browser. */
export const PRICES_CHANNEL = 'prices'

export function userChannel(userId: number) {
  return `users/${userId}`
}
