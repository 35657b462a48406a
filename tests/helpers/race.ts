import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import { postEntry } from '#services/ledger_service'
import type User from '#models/user'
import { registerUser } from '#actions/auth/register_user'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO_PASSWORD, ledgerOf } from '#tests/helpers/users'

/*
| Helpers for tests that run WITHOUT the shared rolled-back transaction: every
| request gets its own transaction and (on PostgreSQL) its own connection, so
| they really race. Each test works on a customer of its own.
*/
let seq = 0

/** A verified customer whose demo wallet starts with `demoBalance` (and is active). */
export async function freshCustomer(demoBalance: string) {
  await settings.put('demoBalance', { value1: demoBalance })
  try {
    const { birthDate: _b, ...form } = signupPayload({
      email: `race-${Date.now()}-${seq++}@example.com`,
      currency: 'USD',
    })
    const user = await registerUser(form as Parameters<typeof registerUser>[0])
    user.isEmailVerified = true
    const wallet = await Balance.query()
      .where('user_id', user.id)
      .where('mode', 'demo')
      .firstOrFail()
    user.activeBalanceId = wallet.id
    await user.save()
    return { user, wallet }
  } finally {
    await settings.put('demoBalance', { value1: '10000' })
  }
}

/**
 * A verified customer whose real wallet holds `realBalance` (credited through
 * the ledger) and is active: what a paid plan is charged to (issue 21 item 3).
 */
export async function freshRealCustomer(realBalance: string) {
  const { user } = await freshCustomer('0')
  const wallet = await Balance.query().where('user_id', user.id).where('mode', 'real').firstOrFail()
  if (money(realBalance).greaterThan(0)) {
    await db.transaction((trx) =>
      postEntry(trx, {
        balanceId: wallet.id,
        type: 'deposit',
        amount: realBalance,
        description: 'Test funding',
      })
    )
  }
  user.activeBalanceId = wallet.id
  await user.save()
  return { user, wallet }
}

/** The wallet after the race: its balance must equal the sum of its ledger entries. */
export async function settled(
  assert: { equal: (a: unknown, b: unknown) => void },
  walletId: number
) {
  const wallet = await Balance.findOrFail(walletId)
  const { total } = await ledgerOf(walletId)
  assert.equal(total.toFixed(2), money(wallet.balance).toFixed(2))
  return money(wallet.balance).toFixed(2)
}

/** A real HTTP session (cookies, CSRF) logged in with these credentials (staff: the code step too). */
const sessionAs = (email: string, password: string) => signedInBrowser(email, password)

/** A real HTTP session logged in as a customer made by `freshCustomer`. */
export const signedIn = (user: User) => sessionAs(user.email, signupPayload().password)

/** A real HTTP session of a demo staff account (admin, manager…). */
export const staffSignedIn = (email: string) => sessionAs(email, DEMO_PASSWORD)
