/**
 * Compares two non-negative decimal strings ("1.0845" vs "1.08452") without
 * turning them into floats: the browser uses it for the price arrows.
 */
export function compareDecimalStrings(a: string, b: string): number {
  const [ai, af = ''] = a.split('.')
  const [bi, bf = ''] = b.split('.')
  const x = ai.replace(/^0+(?=\d)/, '')
  const y = bi.replace(/^0+(?=\d)/, '')
  if (x.length !== y.length) return x.length > y.length ? 1 : -1
  if (x !== y) return x > y ? 1 : -1
  const len = Math.max(af.length, bf.length)
  const fa = af.padEnd(len, '0')
  const fb = bf.padEnd(len, '0')
  return fa === fb ? 0 : fa > fb ? 1 : -1
}

/** True for a non-negative decimal written plainly ("12", "0.5"): no sign, exponent or spaces inside. */
export function isDecimalString(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())
}

/**
 * What a number field keeps of a keystroke: the typed text (a comma read as
 * the decimal point, spaces dropped) when it can still become a number of at
 * most `decimals` fraction digits ("12.", "-" while typing), else null, and
 * the field keeps its previous value. So letters never enter a field where
 * money, rates or volumes are typed.
 */
export function numberTyping(
  typed: string,
  options: { decimals: number; signed?: boolean }
): string | null {
  const text = typed.replace(',', '.').replace(/\s+/g, '')
  const fraction =
    options.decimals <= 0
      ? ''
      : Number.isFinite(options.decimals)
        ? `(\\.\\d{0,${options.decimals}})?`
        : '(\\.\\d*)?'
  const pattern = new RegExp(`^${options.signed ? '-?' : ''}\\d*${fraction}$`)
  return pattern.test(text) ? text : null
}

/** What `plainDecimal` reads: a decimal string, a number, a bigint, or a decimal object (the money type). */
export type DecimalLike = string | number | bigint | { toFixed(): string }

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/**
 * A value as a plain decimal string, exactly ("1e-7" → "0.0000001", 0.1 →
 * "0.1"), keeping the fraction digits it was written with ("12.30"). Throws
 * on anything that is not a finite decimal, as the money type does. The
 * browser formats with it so that no page needs an arbitrary-precision library.
 */
export function plainDecimal(value: DecimalLike): string {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'object') return value.toFixed()
  const text = typeof value === 'number' ? String(value) : value
  const match = DECIMAL_TEXT.exec(text)
  if (!match || (!match[2] && !match[3]) || (typeof value === 'number' && !Number.isFinite(value)))
    throw new TypeError(`not a decimal: ${String(value)}`)
  const [, sign, whole, fraction = '', exponentText] = match
  const exponent = exponentText ? Number(exponentText) : 0
  if (exponent === 0)
    return `${sign === '-' ? '-' : ''}${whole || '0'}${match[3] !== undefined && fraction ? `.${fraction}` : ''}`
  const digits = `${whole}${fraction}`
  const point = whole.length + exponent
  const intPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0')
  const fracPart = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point)
  const int = intPart.replace(/^0+(?=\d)/, '')
  return `${sign === '-' ? '-' : ''}${int}${fracPart ? `.${fracPart}` : ''}`
}

/** Fraction digits of a plain decimal string ("12.30" → 2). */
export function fractionDigits(plain: string): number {
  const dot = plain.indexOf('.')
  return dot === -1 ? 0 : plain.length - dot - 1
}

/**
 * A plain decimal string rounded half away from zero (the money type's
 * ROUND_HALF_UP) to `digits` fraction digits, trailing zeros kept: the
 * magnitude's text and whether it is below zero (a value that rounds to zero
 * is not).
 */
export function roundDecimal(plain: string, digits: number): { negative: boolean; text: string } {
  const negative = plain.startsWith('-')
  const [whole, fraction = ''] = plain.replace(/^[+-]/, '').split('.')
  let units = BigInt(`${whole || '0'}${fraction.slice(0, digits).padEnd(digits, '0')}`)
  if ((fraction[digits] ?? '0') >= '5') units += 1n
  const text = units.toString().padStart(digits + 1, '0')
  const body = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text
  return { negative: negative && units !== 0n, text: body }
}

const MINUS = 45
const PLUS = 43
const ZERO = 48

/**
 * A plain decimal string without insignificant zeros ("2.50" → "2.5", "-0.0" → "0").
 * Scans the text once, without a regular expression or a split: every decimal read
 * from the database (each open position's five, on every order) passes here.
 */
export function trimDecimal(plain: string): string {
  const first = plain.charCodeAt(0)
  const negative = first === MINUS
  let start = negative || first === PLUS ? 1 : 0
  const dot = plain.indexOf('.')
  const wholeEnd = dot === -1 ? plain.length : dot
  let end = plain.length
  if (dot !== -1) {
    while (end > dot + 1 && plain.charCodeAt(end - 1) === ZERO) end--
    if (end === dot + 1) end = dot
  }
  while (start < wholeEnd - 1 && plain.charCodeAt(start) === ZERO) start++
  const text = start === wholeEnd ? `0${plain.slice(start, end)}` : plain.slice(start, end)
  return negative && text !== '0' ? `-${text}` : text
}

/** A decimal written plainly, signed or not ("-12.5", ".5", "+3."). */
const PLAIN_SIGNED = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/**
 * A plain decimal string as a whole number of 10^-digits units ("1.25", 8 → 125000000n),
 * or null when it is not plain or has more fraction digits than that: exact integer
 * arithmetic for sums over many values, where the money type would parse each one.
 */
export function decimalUnits(text: string, digits: number): bigint | null {
  const dot = text.indexOf('.')
  const fraction = dot === -1 ? 0 : text.length - dot - 1
  if (fraction > digits || !PLAIN_SIGNED.test(text)) return null
  const whole = dot === -1 ? text : text.slice(0, dot) + text.slice(dot + 1)
  return BigInt(whole.padEnd(whole.length + digits - fraction, '0'))
}
