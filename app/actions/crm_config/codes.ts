import { randomBytes } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { codeFromBytes } from '#domain/crm_config'
import { isUniqueViolation } from '#services/db_errors'

/** A random readable code (crypto random, `CODE_ALPHABET`). */
export function randomCode(length: number): string {
  for (;;) {
    const code = codeFromBytes(randomBytes(length * 2), length)
    if (code) return code
  }
}

/**
 * Inserts a row under a fresh random code, in a savepoint: a collision with
 * the unique index (however unlikely) draws another code instead of failing
 * the request. Gives up after a few draws.
 */
export async function insertWithFreshCode<T>(
  trx: TransactionClientContract,
  draw: () => string,
  insert: (savepoint: TransactionClientContract, code: string) => Promise<T>,
  attempts = 5
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await trx.transaction((savepoint) => insert(savepoint, draw()))
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error
    }
  }
}

/**
 * Serializes one kind of change on PostgreSQL with a transaction-level
 * advisory lock (held until the commit). SQLite runs one write transaction
 * at a time already.
 */
export async function serializeChanges(trx: TransactionClientContract, lock: number) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('SELECT pg_advisory_xact_lock(?::bigint)', [lock])
  }
}
