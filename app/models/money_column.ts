import { column } from '@adonisjs/lucid/orm'
import env from '#start/env'
import { SQLITE_EXACT_DIGITS, significantDigits, fromDbDecimal, toDbDecimal } from '#domain/money'

const onSqlite = () => env.get('DB_CONNECTION', 'sqlite') === 'sqlite'

/**
 * A decimal column kept as an exact decimal string in the model.
 * Writing a JavaScript number is refused: money must arrive as a string or
 * a Money value, never as a float (DESIGN.md, money rules).
 */
export function moneyColumn(options: { columnName?: string; nullable?: boolean } = {}) {
  return column({
    columnName: options.columnName,
    prepare: (value: unknown) => {
      if (value === null || value === undefined) return value
      if (typeof value === 'number') {
        throw new TypeError('Refusing to write a float to a money column; pass a decimal string')
      }
      const stored = toDbDecimal(value as string)
      if (onSqlite() && significantDigits(stored) > SQLITE_EXACT_DIGITS) {
        throw new RangeError(
          `${stored} has more significant digits than SQLite stores exactly; use PostgreSQL`
        )
      }
      return stored
    },
    // PostgreSQL returns numeric as a string; SQLite as a number it stored
    // with 15 significant digits. Both are normalised to a canonical string.
    consume: (value: unknown) => fromDbDecimal(value as string | number | null | undefined),
  })
}
