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
