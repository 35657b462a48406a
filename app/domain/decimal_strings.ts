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
