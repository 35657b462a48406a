import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import marketEvents from '#services/market/market_events'
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
  /** The form field a refusal is reported under. */
  field?: string
  /** The staff member's own words on an adjustment. */
  comment?: string | null
  /** Moves the wallet's used margin in the same write (closing a position releases its margin). */
  marginDelta?: MoneyInput
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
    // forUpdate queues writers on PostgreSQL (a no-op on SQLite, whose one connection serializes them).
    const wallet = await Balance.query({ client: trx })
      .where('id', input.balanceId)
      .forUpdate()
      .firstOrFail()
    const after = money(wallet.balance).plus(amount)
    const marginAfter = money(wallet.margin).plus(money(input.marginDelta ?? 0))
    if (input.requireFreeAtLeast !== undefined) {
      const free = after.minus(marginAfter).minus(money(wallet.onHold))
      if (free.lessThan(money(input.requireFreeAtLeast))) {
        throw new UserFacingException(input.insufficientMessage ?? 'Not enough balance', {
          code: 'E_INSUFFICIENT_BALANCE',
          field: input.field,
        })
      }
    }
    const updated = await trx
      .from('balances')
      .where('id', wallet.id)
      .where('version', wallet.version)
      .update({
        balance: toDbDecimal(after),
        margin: toDbDecimal(marginAfter.isNegative() ? 0 : marginAfter),
        version: wallet.version + 1,
        updated_at: DateTime.now().toSQL({ includeOffset: false }),
      })
    if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) continue
    walletChanged(trx, wallet.id)

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
        comment: input.comment ?? null,
      },
      { client: trx }
    )
  }
  throw new Error(`Wallet ${input.balanceId} is too busy; try again`)
}

/**
 * Names the audit row of the staff action that caused these entries. The
 * audit row is the last write of its transaction (it closes the hash chain),
 * so the entries posted before it are linked right after, in the same
 * transaction. Entries that already name an audit row keep it.
 */
export async function linkEntriesToAudit(
  trx: TransactionClientContract,
  entryIds: Iterable<number>,
  auditLogId: number
) {
  const ids = [...new Set(entryIds)]
  if (ids.length === 0) return
  await trx
    .from('ledger_entries')
    .whereIn('id', ids)
    .whereNull('audit_log_id')
    .update({ audit_log_id: auditLogId })
}

/**
 * Locks a wallet whose open positions this transaction changes (a close,
 * partial close, staff edit or delete), and moves its `version` without
 * moving money: a market order decided at once on the positions as they were
 * (`placeOrderAtOnce`) then misses its compare-and-set and decides again.
 */
export async function positionsChanging(trx: TransactionClientContract, balanceId: number) {
  await trx.from('balances').where('id', balanceId).increment('version', 1)
}

/** The wallet figures a margin decision and its compare-and-set need (a model or a plain row). */
export type WalletFigures = Pick<Balance, 'id' | 'balance' | 'margin' | 'onHold' | 'version'>

export interface ReserveMarginOptions<W extends WalletFigures> {
  /**
   * The wallet as this transaction already read it FOR UPDATE: the first
   * decision is made on it instead of reading it again. A missed
   * compare-and-set still re-reads and retries.
   */
  locked?: W
  /**
   * false: no `wallet.changed` after the commit, because the caller's own
   * event (`order.opened`) already makes the market role take the wallet in.
   */
  announce?: boolean
}

/**
 * Reserves margin on a wallet for a new position: `decide` sees the wallet as
 * read and returns the margin to add (or throws to refuse); the write is a
 * compare-and-set on `version`, so two orders racing for the same free margin
 * are decided one after the other, each on the other's result. Returns the
 * wallet as decided on and the margin it now holds.
 */
export async function reserveMargin<W extends WalletFigures = Balance>(
  trx: TransactionClientContract,
  balanceId: number,
  decide: (wallet: W | Balance) => Promise<MoneyInput> | MoneyInput,
  options: ReserveMarginOptions<W> = {}
): Promise<{ wallet: W | Balance; margin: string; version: number }> {
  let held: W | Balance | undefined = options.locked
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const wallet =
      held ??
      (await Balance.query({ client: trx }).where('id', balanceId).forUpdate().firstOrFail())
    held = undefined
    const delta = money(await decide(wallet))
    const margin = toDbDecimal(money(wallet.margin).plus(delta))
    const updated = await trx
      .from('balances')
      .where('id', wallet.id)
      .where('version', wallet.version)
      .update({
        margin,
        version: wallet.version + 1,
        updated_at: DateTime.now().toSQL({ includeOffset: false }),
      })
    if (Number(Array.isArray(updated) ? updated[0] : updated) === 1) {
      if (options.announce !== false) walletChanged(trx, wallet.id)
      return { wallet, margin, version: wallet.version + 1 }
    }
  }
  throw new UserFacingException('Your account is busy; please try again', { status: 409 })
}

/**
 * Gives back the margin a position held without realizing anything (staff
 * deleted an open trade): same locking as `reserveMargin`; never below zero.
 */
export async function releaseMargin(
  trx: TransactionClientContract,
  balanceId: number,
  amount: MoneyInput
) {
  const { wallet } = await reserveMargin(trx, balanceId, (locked) => {
    const margin = money(locked.margin)
    const release = money(amount)
    return (release.greaterThan(margin) ? margin : release).negated()
  })
  return wallet as Balance
}

export interface HoldFundsOptions {
  /** Further checks on the wallet as read and locked (e.g. open losses); throw to refuse. */
  check?: (wallet: Balance) => Promise<void> | void
  insufficientMessage?: string
  /** The form field a refusal is reported under. */
  field?: string
}

/**
 * Puts part of a wallet's free balance (balance − margin − on hold) on hold,
 * e.g. a withdrawal awaiting a decision: the amount stays in the balance but
 * can be neither traded nor requested again. Same locking as `postEntry`:
 * the wallet row is read FOR UPDATE and written with a compare-and-set on
 * `version`, so racing holds are decided one after the other.
 */
export async function holdFunds(
  trx: TransactionClientContract,
  balanceId: number,
  amount: MoneyInput,
  options: HoldFundsOptions = {}
) {
  const value = positiveCents(amount)
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const wallet = await Balance.query({ client: trx })
      .where('id', balanceId)
      .forUpdate()
      .firstOrFail()
    const free = money(wallet.balance).minus(money(wallet.margin)).minus(money(wallet.onHold))
    if (value.greaterThan(free)) {
      throw new UserFacingException(options.insufficientMessage ?? 'Not enough balance', {
        code: 'E_INSUFFICIENT_BALANCE',
        field: options.field,
      })
    }
    await options.check?.(wallet)
    if (await writeHold(trx, wallet, money(wallet.onHold).plus(value))) return wallet
  }
  throw new UserFacingException('Your account is busy; please try again', { status: 409 })
}

/**
 * Releases a hold made by `holdFunds` (a withdrawal declined, or approved and
 * paid through the ledger in the same transaction). `check` sees the locked
 * wallet first and may refuse. Releasing more than is held is a bug, not a
 * user error, and throws.
 */
export async function releaseHold(
  trx: TransactionClientContract,
  balanceId: number,
  amount: MoneyInput,
  check?: (wallet: Balance) => Promise<void> | void
) {
  const value = positiveCents(amount)
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const wallet = await Balance.query({ client: trx })
      .where('id', balanceId)
      .forUpdate()
      .firstOrFail()
    const after = money(wallet.onHold).minus(value)
    if (after.isNegative()) {
      throw new Error(
        `Wallet ${balanceId} holds ${wallet.onHold}, less than the ${value.toFixed()} to release`
      )
    }
    await check?.(wallet)
    if (await writeHold(trx, wallet, after)) return wallet
  }
  throw new UserFacingException('Your account is busy; please try again', { status: 409 })
}

function positiveCents(amount: MoneyInput) {
  const value = money(amount)
  if (!value.greaterThan(0) || value.decimalPlaces() > CURRENCY_DECIMALS) {
    throw new RangeError(`A hold is a positive amount in minor units, not ${value.toFixed()}`)
  }
  return value
}

async function writeHold(trx: TransactionClientContract, wallet: Balance, onHold: MoneyInput) {
  const updated = await trx
    .from('balances')
    .where('id', wallet.id)
    .where('version', wallet.version)
    .update({
      on_hold: toDbDecimal(onHold),
      version: wallet.version + 1,
      updated_at: DateTime.now().toSQL({ includeOffset: false }),
    })
  if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) return false
  walletChanged(trx, wallet.id)
  return true
}

/**
 * Every write above goes through here: the market role (in whichever process)
 * re-reads the wallet once the transaction commits, once however many writes
 * it made (nothing if it rolls back).
 */
function walletChanged(trx: TransactionClientContract, balanceId: number) {
  marketEvents.afterCommit(trx, { type: 'wallet.changed', balanceId })
}
