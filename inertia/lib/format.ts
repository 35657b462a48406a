/** Currency symbols for display; unknown codes show as the code itself. */
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNH: '¥',
  AUD: 'A$',
  CAD: 'C$',
  CHF: 'CHF ',
  BTC: '₿',
}

export function currencySymbol(code: string | null | undefined) {
  const c = (code ?? 'USD').toUpperCase()
  return SYMBOLS[c] ?? `${c} `
}

/** A decimal string from the server with its currency symbol, e.g. "$1,250.00". */
export function formatMoney(value: string, currency?: string | null) {
  const negative = value.startsWith('-')
  const [int, frac] = (negative ? value.slice(1) : value).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${currencySymbol(currency)}${grouped}${frac !== undefined ? '.' + frac : ''}`
}

