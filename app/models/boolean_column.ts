import { column } from '@adonisjs/lucid/orm'

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 't', 'true'])

/**
 * A boolean column. PostgreSQL returns true/false, SQLite 1/0: both are read
 * back as a JavaScript boolean, so `user.isActive === true` holds on either
 * database and pages never receive 0/1 for a flag.
 */
export function booleanColumn(options: { columnName?: string } = {}) {
  return column({
    columnName: options.columnName,
    consume: (value: unknown) =>
      value === null || value === undefined ? value : TRUE_VALUES.has(value),
  })
}
