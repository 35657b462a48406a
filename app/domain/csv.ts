/**
 * CSV for downloads (RFC 4180): comma-separated, CRLF line ends, a field in
 * double quotes when it holds a comma, quote or line break, quotes doubled.
 *
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage
 * return as a formula ("CSV injection"). Such a text cell is prefixed with a
 * single quote so it shows as text; a plain number such as -12.50 is left as
 * it is, since it is data and no formula.
 */
export type CsvValue = string | number | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell, neutralized against formulas and quoted when it must be. */
export function csvField(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A header row and data rows as one CSV text, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('')
}
