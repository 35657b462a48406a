import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { Roles } from '#domain/roles'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isUniqueViolation } from '#services/db_errors'

/** The fields of the user form (admin spec §3 Staff user), as the validator leaves them. */
export interface UserFields {
  fullName: string
  email: string
  roleId: number
  isEmailVerified: boolean
  isActive: boolean
  /** Normalized whitelist text; null or absent turns the check off. */
  whitelist?: string | null
}

/** Any constant: the advisory lock that serializes account changes on PostgreSQL ("admn"). */
export const ACCOUNT_CHANGES_LOCK = 0x61646d6e

/**
 * Serializes every change that could remove an active admin, so "is there
 * another active admin?" stays true until this transaction commits: two
 * admins demoting each other at once are taken one after the other, and the
 * second sees the first's commit. PostgreSQL: a transaction-level advisory
 * lock (a row lock would not do: each locks a different row). SQLite: one
 * writer at a time already; the first statement writes, so another process
 * waits here for the write lock instead of failing at its own write later.
 */
export async function serializeAccountChanges(trx: TransactionClientContract, userId: number) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('SELECT pg_advisory_xact_lock(?::bigint)', [ACCOUNT_CHANGES_LOCK])
  } else {
    await trx.from('users').where('id', userId).update({ id: userId })
  }
}

/** Active admins (not deleted) other than `userId`. */
export async function otherActiveAdmins(client: QueryClientContract, userId: number) {
  const row = await client
    .from('users')
    .where('role_id', Roles.ADMIN)
    .where('is_active', true)
    .whereNull('deleted_at')
    .whereNot('id', userId)
    .count('* as n')
    .first()
  return Number(row?.n ?? 0)
}

/**
 * Whether records name the user, so the row must be kept: money history
 * (deposits, withdrawals, orders, ledger entries other than the automatic
 * demo credit) or, for staff, the decisions, corrections and audit rows
 * they made.
 */
export async function hasRecords(client: QueryClientContract, userId: number) {
  const exists = async (query: ReturnType<QueryClientContract['from']>) =>
    !!(await query.select(db.raw('1')).first())
  const checks = [
    () => client.from('deposits').where('user_id', userId).orWhere('decided_by_id', userId),
    () => client.from('withdrawals').where('user_id', userId).orWhere('decided_by_id', userId),
    () => client.from('orders').where('user_id', userId).orWhere('deleted_by', userId),
    () =>
      client
        .from('ledger_entries')
        .where((q) =>
          q
            .whereIn('balance_id', client.from('balances').select('id').where('user_id', userId))
            .whereNot('type', 'demo_credit')
        )
        .orWhere('created_by_id', userId),
    () => client.from('audit_logs').where('staff_id', userId),
  ]
  for (const check of checks) if (await exists(check())) return true
  return false
}

/** Stores the whitelist (admin spec §3: whitelists[0].ip_address); null removes it. */
export async function saveWhitelist(
  trx: TransactionClientContract,
  userId: number,
  text: string | null
) {
  const now = new Date()
  if (!text) {
    await trx.from('whitelists').where('user_id', userId).delete()
    return
  }
  const updated = await trx
    .from('whitelists')
    .where('user_id', userId)
    .update({ ip_address: text, updated_at: now })
  if (Number(Array.isArray(updated) ? updated[0] : updated) === 0) {
    await trx
      .insertQuery()
      .table('whitelists')
      .insert({ user_id: userId, ip_address: text, created_at: now, updated_at: now })
  }
}

/** What the audit log keeps of an account (the password masked: only that it changed). */
export function userAudit(user: User, whitelist: string | null) {
  return {
    fullName: user.fullName,
    email: user.email,
    roleId: user.roleId,
    isEmailVerified: user.isEmailVerified,
    isActive: user.isActive,
    whitelist,
    password: user.password,
  }
}

/** The audit's secret fields of a user row: the hash is never written, only that it changed. */
export const USER_SECRET_FIELDS = ['password']

/** Runs a user write; a unique-index race on e-mail becomes the validator's 422. */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new UserFacingException('This email is already registered', { field: 'email' })
    }
    throw error
  }
}
