import { UserFacingException } from '#exceptions/user_facing_exception'

/** True for a unique-index violation on PostgreSQL or SQLite. */
export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string }
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e.message ?? '')
  )
}

/**
 * Runs `write`; the unique index refusing it (another request stored the same value first)
 * becomes the 422 `message` under `field`, as the validator's own check says it. Exactly-once
 * is the index, never a check-then-insert. Inside a transaction that must go on after the
 * refusal (PostgreSQL aborts it), pass the write in a savepoint: `() => trx.transaction(...)`.
 */
export async function refusingDuplicates<T>(
  write: () => Promise<T>,
  message: string,
  field: string
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserFacingException(message, { field })
    throw error
  }
}
