/**
 * The exchanges' published holiday calendars, shipped with the app (no
 * request leaves the machine for them). Dates are New York calendar days.
 *
 * US stocks (NYSE and Nasdaq keep the same calendar): the holidays and the
 * 13:00 early closes NYSE publishes under "Holidays and Trading Hours"
 * (nyse.com/markets/hours-calendars), 2025–2028. Extend it once a year when
 * NYSE publishes the next year (docs/DECISIONS.md says how); a year missing
 * here trades on the plain weekday session.
 *
 * Forex (and the commodities and indices that share its session): the
 * market closes at 17:00 New York on 24 and 31 December and reopens at 17:00
 * on 25 December and 1 January, the Christmas and New Year closures of the
 * interbank market and of CME Globex; a rule, so it needs no yearly data.
 */

/** Full-day US stock market closures. */
export const US_STOCK_HOLIDAYS: Readonly<Record<string, string>> = {
  // 2025
  '2025-01-01': "New Year's Day",
  '2025-01-09': 'National Day of Mourning for President Jimmy Carter',
  '2025-01-20': 'Martin Luther King, Jr. Day',
  '2025-02-17': "Washington's Birthday",
  '2025-04-18': 'Good Friday',
  '2025-05-26': 'Memorial Day',
  '2025-06-19': 'Juneteenth National Independence Day',
  '2025-07-04': 'Independence Day',
  '2025-09-01': 'Labor Day',
  '2025-11-27': 'Thanksgiving Day',
  '2025-12-25': 'Christmas Day',
  // 2026
  '2026-01-01': "New Year's Day",
  '2026-01-19': 'Martin Luther King, Jr. Day',
  '2026-02-16': "Washington's Birthday",
  '2026-04-03': 'Good Friday',
  '2026-05-25': 'Memorial Day',
  '2026-06-19': 'Juneteenth National Independence Day',
  '2026-07-03': 'Independence Day (observed)',
  '2026-09-07': 'Labor Day',
  '2026-11-26': 'Thanksgiving Day',
  '2026-12-25': 'Christmas Day',
  // 2027
  '2027-01-01': "New Year's Day",
  '2027-01-18': 'Martin Luther King, Jr. Day',
  '2027-02-15': "Washington's Birthday",
  '2027-03-26': 'Good Friday',
  '2027-05-31': 'Memorial Day',
  '2027-06-18': 'Juneteenth National Independence Day (observed)',
  '2027-07-05': 'Independence Day (observed)',
  '2027-09-06': 'Labor Day',
  '2027-11-25': 'Thanksgiving Day',
  '2027-12-24': 'Christmas Day (observed)',
  // 2028 (New Year's Day falls on a Saturday: NYSE does not close on Friday 2027-12-31)
  '2028-01-17': 'Martin Luther King, Jr. Day',
  '2028-02-21': "Washington's Birthday",
  '2028-04-14': 'Good Friday',
  '2028-05-29': 'Memorial Day',
  '2028-06-19': 'Juneteenth National Independence Day',
  '2028-07-04': 'Independence Day',
  '2028-09-04': 'Labor Day',
  '2028-11-23': 'Thanksgiving Day',
  '2028-12-25': 'Christmas Day',
}

/** Days the US stock market closes early, with the closing time (New York). */
export const US_STOCK_EARLY_CLOSES: Readonly<Record<string, string>> = {
  '2025-07-03': '13:00',
  '2025-11-28': '13:00',
  '2025-12-24': '13:00',
  '2026-11-27': '13:00',
  '2026-12-24': '13:00',
  '2027-11-26': '13:00',
  '2028-07-03': '13:00',
  '2028-11-24': '13:00',
}

/** The years the stock calendar above covers (both ends included). */
export const US_STOCK_CALENDAR_YEARS = { first: 2025, last: 2028 } as const

/** A New York day's stock session: closed all day, or open until `closesAt` minutes after midnight. */
export function usStockSession(
  isoDate: string
): { closed: true } | { closed: false; closesAt: number } {
  if (Object.hasOwn(US_STOCK_HOLIDAYS, isoDate)) return { closed: true }
  const early = US_STOCK_EARLY_CLOSES[isoDate]
  if (early) {
    const [h, m] = early.split(':').map(Number)
    return { closed: false, closesAt: h * 60 + m }
  }
  return { closed: false, closesAt: 16 * 60 }
}

/**
 * Whether a New York date and time (month 1–12, minutes after midnight) falls
 * in a forex holiday closure: 24 and 31 December from 17:00, 25 December and
 * 1 January until 17:00.
 */
export function inForexHolidayClosure(month: number, day: number, minutes: number): boolean {
  const fivePm = 17 * 60
  if (month === 12 && (day === 24 || day === 31)) return minutes >= fivePm
  if ((month === 12 && day === 25) || (month === 1 && day === 1)) return minutes < fivePm
  return false
}
