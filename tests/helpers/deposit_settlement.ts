import type { Assert } from '@japa/assert'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import Notification from '#models/notification'
import { depositEntries } from '#tests/helpers/deposits'
import { money } from '#domain/money'
import { balanceMatchesLedger } from '#tests/helpers/users'

/*
| Assertions shared by the provider confirmation tests: a deposit settled by a
| provider is credited exactly once (one ledger entry, approved with
| balance_after, one notification) or not at all.
*/

export async function walletBalance(balanceId: number) {
  return money((await Balance.findOrFail(balanceId)).balance)
}

const entriesOf = depositEntries

function approvalNotices(deposit: Deposit) {
  return Notification.query()
    .where('user_id', deposit.userId)
    .where('title', 'Deposit approved')
    .whereLike('description', `%#${deposit.id} %`)
}

/** The deposit's amount (not the fee) entered the wallet once, through the ledger. */
export async function assertCreditedOnce(
  assert: Assert,
  deposit: Deposit,
  before: ReturnType<typeof money>,
  providerReference?: string
) {
  await deposit.refresh()
  const expected = before.plus(money(deposit.amount))
  assert.equal(deposit.status, 'approved')
  assert.isNull(deposit.decidedById)
  assert.equal(money(deposit.balanceAfter).toFixed(2), expected.toFixed(2))
  if (providerReference !== undefined) assert.equal(deposit.providerReference, providerReference)

  const entries = await entriesOf(deposit)
  assert.lengthOf(entries, 1)
  assert.equal(entries[0].type, 'deposit')
  assert.equal(entries[0].balanceId, deposit.balanceId)
  assert.equal(money(entries[0].amount).toFixed(2), money(deposit.amount).toFixed(2))
  assert.equal(money(entries[0].balanceAfter).toFixed(2), expected.toFixed(2))
  assert.equal((await walletBalance(deposit.balanceId)).toFixed(2), expected.toFixed(2))
  assert.lengthOf(await approvalNotices(deposit), 1)
  assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
}

/** Nothing moved: no ledger entry, the wallet unchanged, the deposit in `status`. */
export async function assertNotCredited(
  assert: Assert,
  deposit: Deposit,
  before: ReturnType<typeof money>,
  status: 'pending' | 'declined' = 'pending'
) {
  await deposit.refresh()
  assert.equal(deposit.status, status)
  assert.isNull(deposit.balanceAfter)
  assert.lengthOf(await entriesOf(deposit), 0)
  assert.lengthOf(await approvalNotices(deposit), 0)
  assert.equal((await walletBalance(deposit.balanceId)).toFixed(2), before.toFixed(2))
  assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
}
