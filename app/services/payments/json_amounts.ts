import { isDecimalString } from '#domain/decimal_strings'

/**
 * Providers that speak JSON write amounts as JSON numbers. Reading one: the
 * parser has already made a double of the text, and `String()` gives back the
 * shortest decimal that round-trips, which is the text the provider wrote for
 * any amount of up to 15 significant digits. No arithmetic ever happens on the
 * double; anything that is not a plain non-negative decimal is refused (null).
 */
export function decimalFromJson(value: unknown): string | null {
  if (typeof value === 'string') return isDecimalString(value) ? value.trim() : null
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null
  const text = String(value)
  return isDecimalString(text) ? text : null
}

/** A decimal written into a JSON body as a number literal (never via a double). */
export class JsonDecimal {
  constructor(readonly text: string) {
    if (!isDecimalString(text)) throw new Error(`Not a plain decimal: ${text}`)
  }
}

const MARK = '\u0000decimal:'

/**
 * JSON.stringify for a body that carries amounts as JSON numbers: every
 * `JsonDecimal` is emitted as its digits exactly, so "103.50" goes out as
 * 103.50 and no float ever holds it.
 */
export function stringifyWithDecimals(body: unknown): string {
  const json = JSON.stringify(body, (_key, value) =>
    value instanceof JsonDecimal ? `${MARK}${value.text}` : value
  )
  return json.replace(/"\\u0000decimal:(\d+(?:\.\d+)?)"/g, '$1')
}
