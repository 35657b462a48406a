import { randomUUID } from 'node:crypto'
import type { Group } from '@japa/runner/core'
import drive from '@adonisjs/drive/services/main'
import Deposit from '#models/deposit'
import LedgerEntry from '#models/ledger_entry'
import PaymentGateway from '#models/payment_gateway'
import type User from '#models/user'
import { depositTotals } from '#domain/deposits'
import type { GatewayValue, KeySlot } from '#domain/gateways'
import { toDbDecimal } from '#domain/money'
import { bankDescription } from '#domain/withdrawals'
import { DepositFactory } from '#database/factories/deposit_factory'
import { SAMPLE_PNG, forgetFile } from '#tests/helpers/kyc'

/** Configures a gateway row (keys, fee percent, active) as staff would. */
export async function configureGateway(
  value: GatewayValue,
  keys: Partial<Record<KeySlot, string | null>>,
  options: { fee?: string; active?: boolean } = {}
) {
  const row = await PaymentGateway.findByOrFail('value', value)
  row.merge({ ...keys, fee: options.fee ?? row.fee, isActive: options.active ?? true })
  await row.save()
  return row
}

/**
 * A pending deposit of `gateway` on the user's real wallet (DepositFactory),
 * as if the provider had been asked to collect it: what a confirmation test
 * settles. `amount` is credited; the fee, `feePercent` of it, is charged on top.
 */
export function pendingDeposit(
  user: User,
  gateway: GatewayValue,
  amount = '100.00',
  feePercent = '0'
) {
  const { fee } = depositTotals(amount, feePercent)
  return DepositFactory.merge({ userId: user.id, gateway, amount, fee: toDbDecimal(fee) }).create()
}

/** Each test of the group starts with no deposits (call after `isolate(group)`; race tests leave theirs). */
export function withoutOtherDeposits(group: Group) {
  group.each.setup(async () => {
    await Deposit.query().delete()
  })
}

/** A pending bank deposit whose sender details and proof (a real PNG on the private disk) were sent. */
export async function bankDepositWithProof(user: User, amount = '100.00') {
  const deposit = await pendingDeposit(user, 'bank', amount)
  const key = `deposit-proofs/${user.id}/${randomUUID()}.png`
  await drive.use('fs').put(key, SAMPLE_PNG)
  forgetFile(key)
  deposit.proofPath = key
  deposit.description = bankDescription({
    bankName: 'Sender Bank',
    accountName: user.fullName,
    accountNumber: 'GB29NWBK60161331926819',
    swiftCode: '',
    bankCountry: '',
  })
  await deposit.save()
  return deposit
}

/**
 * The ledger entries crediting this deposit. Matched on the wallet too:
 * race tests commit deposits that `withoutOtherDeposits` then deletes, and
 * a new deposit may reuse such an id.
 */
export function depositEntries(deposit: { id: number; balanceId: number }) {
  return LedgerEntry.query()
    .where('reference_type', 'deposit')
    .where('reference_id', deposit.id)
    .where('balance_id', deposit.balanceId)
}
