import User from '#models/user'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import { DEMO_PASSWORD } from '#database/demo/seed_demo'
import { money, sum } from '#domain/money'
import type { RoleId } from '#domain/roles'

export { DEMO_PASSWORD }

/** The demo accounts seeded for every test run (database/demo/seed_demo.ts). */
export const DEMO = {
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  customer: 'customer@demo.test',
  affiliate: 'affiliate@demo.test',
  agent: 'agent@demo.test',
  retention: 'retention@demo.test',
  newcomer: 'newcomer@demo.test',
} as const

/** The demo account that stands for each role in role-by-role tests. */
export const ROLE_ACCOUNTS: Record<RoleId, string> = {
  1: DEMO.admin,
  2: DEMO.manager,
  3: DEMO.customer,
  4: DEMO.affiliate,
  5: DEMO.agent,
  6: DEMO.retention,
}

export function demoUser(email: string) {
  return User.findByOrFail('email', email)
}

export function userOfRole(roleId: RoleId) {
  return demoUser(ROLE_ACCOUNTS[roleId])
}

export async function walletsOf(user: User) {
  return Balance.query().where('user_id', user.id).orderBy('id', 'asc')
}

/** The wallet's ledger: entries oldest first and their sum. */
export async function ledgerOf(balanceId: number) {
  const entries = await LedgerEntry.query().where('balance_id', balanceId).orderBy('id', 'asc')
  return { entries, total: sum(entries.map((e) => e.amount)) }
}

/** Asserts-friendly: true when the stored balance equals the sum of its ledger entries. */
export async function balanceMatchesLedger(balanceId: number) {
  const wallet = await Balance.findOrFail(balanceId)
  const { total } = await ledgerOf(balanceId)
  return money(wallet.balance).equals(total)
}
