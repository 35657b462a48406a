/** True for a unique-index violation on PostgreSQL or SQLite. */
export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string }
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e.message ?? '')
  )
}
