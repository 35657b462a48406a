import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Reconciliation from '#models/reconciliation'
import User from '#models/user'
import { verifyAuditChain } from '#services/audit_verification'
import { notifyUser } from '#services/notification_service'
import { Roles } from '#domain/roles'
import {
  STORED_DIFFERENCES,
  shownAmount,
  type Difference,
  type ReconciliationCheck,
  type ReconciliationKind,
} from '#domain/reconciliation'

export interface ReconcileOptions {
  kind: ReconciliationKind
  rolloverDate?: string | null
}

export interface ReconcileResult {
  id: number
  wallets: number
  differences: Difference[]
}

interface WalletRow {
  id: number
  user_id: number
  currency: string
  found: string | number
  expected: string | number
}

/**
 * Reconciles the books (issue 24 item 6) and stores the run: for every
 * wallet, balance = Σ its ledger entries, used margin = Σ margin of its open
 * positions, no negative balance, and its latest entry's `balance_after` =
 * its balance (postEntry writes both under the wallet's compare-and-set, so
 * the latest entry by id carries the balance); then the audit log's hash
 * chain. Each check is one set-based statement (one snapshot of the wallet
 * and its rows on PostgreSQL, an aggregate per table, never a row per wallet
 * in JavaScript), so it scales with the data, not with round trips.
 * A difference notifies the admins.
 */
export async function reconcileBooks(options: ReconcileOptions): Promise<ReconcileResult> {
  const startedAt = DateTime.now()
  // SQLite sums decimals as doubles: a tolerance far below a cent absorbs the noise only.
  const tolerance = db.connection().dialect.name === 'postgres' ? 0 : 0.000001

  const differences: Difference[] = [
    ...walletDifferences('balance', await balanceMismatches(tolerance)),
    ...walletDifferences('margin', await marginMismatches(tolerance)),
    ...walletDifferences('negative_balance', await negativeBalances()),
    ...walletDifferences('balance_after', await balanceAfterMismatches(tolerance)),
  ]
  const chain = await verifyAuditChain()
  if (chain.broken) {
    differences.push({
      check: 'audit_chain',
      walletId: null,
      userId: null,
      currency: null,
      expected: 'an intact chain',
      found: `row #${chain.broken.id}: ${chain.broken.reason}`,
    })
  }

  const counted = await db.from('balances').count('* as n').first()
  const wallets = Number(counted?.n ?? 0)
  const run = await Reconciliation.create({
    kind: options.kind,
    rolloverDate: options.rolloverDate ?? null,
    wallets,
    differences: differences.length,
    details: differences.length ? JSON.stringify(differences.slice(0, STORED_DIFFERENCES)) : null,
    startedAt,
    finishedAt: DateTime.now(),
  })
  if (differences.length) await notifyAdmins(run, differences.length)
  return { id: run.id, wallets, differences }
}

function walletDifferences(check: ReconciliationCheck, rows: WalletRow[]): Difference[] {
  return rows.map((row) => ({
    check,
    walletId: Number(row.id),
    userId: Number(row.user_id),
    currency: row.currency,
    expected: shownAmount(String(row.expected)),
    found: shownAmount(String(row.found)),
  }))
}

/** Wallets whose balance is not the sum of their ledger entries (one GROUP BY over the ledger). */
function balanceMismatches(tolerance: number): Promise<WalletRow[]> {
  return db
    .from('balances as b')
    .joinRaw(
      'LEFT JOIN (SELECT balance_id, SUM(amount) AS total FROM ledger_entries GROUP BY balance_id) l ON l.balance_id = b.id'
    )
    .whereRaw('ABS(b.balance - COALESCE(l.total, 0)) > ?', [tolerance])
    .select('b.id', 'b.user_id', 'b.currency', 'b.balance as found')
    .select(db.raw('COALESCE(l.total, 0) AS expected'))
    .orderBy('b.id')
}

/** Wallets whose used margin is not the margin of their open positions (the partial open-orders index). */
function marginMismatches(tolerance: number): Promise<WalletRow[]> {
  return db
    .from('balances as b')
    .joinRaw(
      'LEFT JOIN (SELECT balance_id, SUM(margin_used) AS used FROM orders ' +
        'WHERE close_time IS NULL AND deleted_at IS NULL GROUP BY balance_id) o ON o.balance_id = b.id'
    )
    .whereRaw('ABS(b.margin - COALESCE(o.used, 0)) > ?', [tolerance])
    .select('b.id', 'b.user_id', 'b.currency', 'b.margin as found')
    .select(db.raw('COALESCE(o.used, 0) AS expected'))
    .orderBy('b.id')
}

/** Wallets below zero: a close writes a negative balance off, so none should stay. */
function negativeBalances(): Promise<WalletRow[]> {
  return db
    .from('balances as b')
    .where('b.balance', '<', 0)
    .select('b.id', 'b.user_id', 'b.currency', 'b.balance as found')
    .select(db.raw('0 AS expected'))
    .orderBy('b.id')
}

/** Wallets whose latest ledger entry (by id, through the balance_id + id index) does not carry their balance. */
function balanceAfterMismatches(tolerance: number): Promise<WalletRow[]> {
  return db
    .from('balances as b')
    .joinRaw(
      'JOIN ledger_entries e ON e.id = (SELECT MAX(x.id) FROM ledger_entries x WHERE x.balance_id = b.id)'
    )
    .whereRaw('ABS(e.balance_after - b.balance) > ?', [tolerance])
    .select('b.id', 'b.user_id', 'b.currency', 'b.balance as found')
    .select('e.balance_after as expected')
    .orderBy('b.id')
}

/** One in-app notification per active admin, pointing at the dashboard's line. */
async function notifyAdmins(run: Reconciliation, count: number) {
  const admins = await User.query()
    .where('role_id', Roles.ADMIN)
    .where('is_active', true)
    .select('id')
  for (const admin of admins) {
    await notifyUser(admin.id, {
      title: 'The books differ',
      description: `Reconciliation #${run.id} found ${count} differences over ${run.wallets} wallets`,
      url: '/admin',
    })
  }
}
