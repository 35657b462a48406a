import type User from '#models/user'
import { credentialStamp } from '#services/session_stamp'
import { BrowserSession } from '#tests/helpers/browser_session'
import { DEMO_PASSWORD } from '#tests/helpers/users'

/**
 * A browser that has passed the password step: its session holds a pending login.
 * The password is the demo accounts' unless told (a factory user's is FACTORY_PASSWORD).
 */
export async function afterPassword(email: string, remember = false, password = DEMO_PASSWORD) {
  const browser = new BrowserSession()
  await browser.open()
  const login = await browser.post('/auth/login', { email, password, remember })
  if (login.status !== 200) throw new Error(`password step failed: ${login.status} ${login.text}`)
  return { browser, login }
}

/** Session data of a pending login (for the api client's withSession), live unless `expiresAt` says otherwise. */
export function pendingLoginSession(
  user: User,
  options: { remember?: boolean; expiresAt?: number } = {}
) {
  return {
    twoFactorPending: {
      userId: user.id,
      remember: options.remember ?? false,
      expiresAt: options.expiresAt ?? Date.now() + 60_000,
      stamp: credentialStamp(user),
    },
  }
}
