import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import type { LedgerEntryType } from '#domain/ledger'
import { CURRENCY_DECIMALS, money, toDbDecimal, type MoneyInput } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'

export interface PostEntryInput {
  balanceId: number
  type: LedgerEntryType
  /** Signed: positive credits the wallet, negative debits it. */
  amount: MoneyInput
  referenceType?: string
  referenceId?: number
  description?: string
  createdById?: number | null
  /** Refuse the entry when it would leave less than this free (balance − margin − on hold). */
  requireFreeAtLeast?: MoneyInput
  insufficientMessage?: string
}

const MAX_ATTEMPTS = 20

/**
 * The only writer of wallet balances. Each call reads the wallet, computes the
 * new balance with exact decimals, and writes it with a compare-and-set on
 * `version`, then records the entry with `balance_after` — all inside the
 * caller's transaction. A concurrent writer makes the CAS miss; we re-read
 * and retry, so no update is lost and no check is skipped.
 */
export async function postEntry(trx: TransactionClientContract, input: PostEntryInput) {
  const amount = money(input.amount)
  if (amount.decimalPlaces() > CURRENCY_DECIMALS) {
    throw new RangeError(`Ledger amounts are in minor units; round ${amount.toFixed()} first`)
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const wallet = await Balance.query({ client: trx }).where('id', input.balanceId).firstOrFail()
    const after = money(wallet.balance).plus(amount)
    if (input.requireFreeAtLeast !== undefined) {
      const free = after.minus(money(wallet.margin)).minus(money(wallet.onHold))
      if (free.lessThan(money(input.requireFreeAtLeast))) {
        throw new UserFacingException(input.insufficientMessage ?? 'Not enough balance', {
          code: 'E_INSUFFICIENT_BALANCE',
        })
      }
    }
    const updated = await trx
      .from('balances')
      .where('id', wallet.id)
      .where('version', wallet.version)
      .update({
        balance: toDbDecimal(after),
        version: wallet.version + 1,
        updated_at: DateTime.now().toSQL({ includeOffset: false }),
      })
    if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) continue

    return LedgerEntry.create(
      {
        balanceId: wallet.id,
        type: input.type,
        amount: toDbDecimal(amount),
        balanceAfter: toDbDecimal(after),
        referenceType: input.referenceType ?? null,
        referenceId: input.referenceId ?? null,
        description: input.description ?? null,
        createdById: input.createdById ?? null,
      },
      { client: trx }
    )
  }
  throw new Error(`Wallet ${input.balanceId} is too busy; try again`)
}
