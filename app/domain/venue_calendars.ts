/**
 * Holiday closures of the exchanges behind the commodity and index
 * instruments, shipped with the app (no request leaves the machine), 2025–2028.
 *
 * Commodities and indices otherwise keep the forex session (customer spec §2:
 * the forex status applies to them); on the days below the exchange their
 * price comes from is shut, so the instrument is closed too, while the
 * category's tab stays open for the instruments whose exchange trades.
 *
 * Sources and what is confirmed (docs/DECISIONS.md "Exchange calendars"):
 * - CME Globex (US equity index futures; NYMEX/COMEX energy and metals), times
 *   Central (New York is one hour later). On the US holidays that Globex trades
 *   through (MLK, Presidents, Memorial, Juneteenth, Independence, Labor,
 *   Thanksgiving) trading halts early and reopens 17:00 CT for the next trade
 *   date. Confirmed: equity halt 12:00 CT; energy and metals 13:30 CT on MLK
 *   2026 (CME's 2026 schedule) and 12:00 CT on Thanksgiving (CME's 2024
 *   schedule, same every year). UNCONFIRMED: energy/metals 13:30 CT on the
 *   other Monday holidays, Juneteenth and Independence Day (taken from MLK);
 *   the day after Thanksgiving and Christmas Eve early closes at 12:15 CT
 *   (equity) and 12:45 CT (energy, metals), CME's usual times; Good Friday
 *   closed (CME has opened equities for a short session in some years when
 *   the payroll report fell on it, e.g. 2021; 2026-04-03 may be such a year).
 * - ICE Futures Europe (Brent): closed Good Friday, Christmas and New Year's
 *   Day; on US holidays it follows NYMEX's energy halts. UNCONFIRMED: the
 *   exact minutes (taken from NYMEX energy); Boxing Day and Easter Monday are
 *   taken as trading days.
 * - Eurex (DAX futures): closed New Year's Day, Good Friday, Easter Monday,
 *   1 May, 24, 25, 26 and 31 December (Eurex's published trading calendar).
 * - London Stock Exchange (FTSE 100): closed on England's bank holidays, with
 *   the substitute days; closes 12:30 on the last weekday before 25 December
 *   and before 1 January. UNCONFIRMED for futures-based UK100 prices, which
 *   may trade on some bank holidays.
 * - Other indices (e.g. Japan 225) and unknown symbols keep the forex session.
 */

export const VENUES = ['cme_equity', 'nymex_comex', 'ice_brent', 'eurex', 'lse'] as const
export type Venue = (typeof VENUES)[number]

/** The zone each venue's closures below are written in. */
export const VENUE_ZONES: Readonly<Record<Venue, string>> = {
  cme_equity: 'America/New_York',
  nymex_comex: 'America/New_York',
  ice_brent: 'America/New_York',
  eurex: 'Europe/Berlin',
  lse: 'Europe/London',
}

/** Which exchange prices an instrument, by its base symbol (as the feeds name them). */
const VENUE_BY_BASE: Readonly<Record<string, Venue>> = {
  SPX500: 'cme_equity',
  US500: 'cme_equity',
  NAS100: 'cme_equity',
  USTEC: 'cme_equity',
  US30: 'cme_equity',
  US2000: 'cme_equity',
  XAU: 'nymex_comex',
  XAG: 'nymex_comex',
  XPT: 'nymex_comex',
  XPD: 'nymex_comex',
  XCU: 'nymex_comex',
  WTICO: 'nymex_comex',
  USOIL: 'nymex_comex',
  NATGAS: 'nymex_comex',
  BCO: 'ice_brent',
  UKOIL: 'ice_brent',
  BRENT: 'ice_brent',
  DE30: 'eurex',
  DE40: 'eurex',
  GER30: 'eurex',
  GER40: 'eurex',
  UK100: 'lse',
}

/** The venue whose holidays close an instrument, or null (it keeps its category's session). */
export function venueFor(category: string, base: string): Venue | null {
  if (category !== 'commodity' && category !== 'index') return null
  return VENUE_BY_BASE[base.toUpperCase()] ?? null
}

/** A closure from `from` until `to` (venue-local 'YYYY-MM-DDTHH:mm', end excluded). */
export interface Closure {
  from: string
  to: string
  name: string
}

/** A US holiday on which Globex trades a short session, and the dates of each. */
const US_HALT_DAYS: ReadonlyArray<[string, string]> = [
  ['2025-01-20', 'Martin Luther King, Jr. Day'],
  ['2025-02-17', "Presidents' Day"],
  ['2025-05-26', 'Memorial Day'],
  ['2025-06-19', 'Juneteenth'],
  ['2025-07-04', 'Independence Day'],
  ['2025-09-01', 'Labor Day'],
  ['2026-01-19', 'Martin Luther King, Jr. Day'],
  ['2026-02-16', "Presidents' Day"],
  ['2026-05-25', 'Memorial Day'],
  ['2026-06-19', 'Juneteenth'],
  ['2026-07-03', 'Independence Day (observed)'],
  ['2026-09-07', 'Labor Day'],
  ['2027-01-18', 'Martin Luther King, Jr. Day'],
  ['2027-02-15', "Presidents' Day"],
  ['2027-05-31', 'Memorial Day'],
  ['2027-06-18', 'Juneteenth (observed)'],
  ['2027-07-05', 'Independence Day (observed)'],
  ['2027-09-06', 'Labor Day'],
  ['2028-01-17', 'Martin Luther King, Jr. Day'],
  ['2028-02-21', "Presidents' Day"],
  ['2028-05-29', 'Memorial Day'],
  ['2028-06-19', 'Juneteenth'],
  ['2028-07-04', 'Independence Day'],
  ['2028-09-04', 'Labor Day'],
]

const THANKSGIVING = ['2025-11-27', '2026-11-26', '2027-11-25', '2028-11-23']
const GOOD_FRIDAY = ['2025-04-18', '2026-04-03', '2027-03-26', '2028-04-14']
const EASTER_MONDAY = ['2025-04-21', '2026-04-06', '2027-03-29', '2028-04-17']

/**
 * Christmas as Globex keeps it: the early close the day before (null when
 * that is a weekend), and the closed day (Friday the 24th when the 25th is
 * a Saturday).
 */
const CHRISTMAS: ReadonlyArray<[string | null, string]> = [
  ['2025-12-24', '2025-12-25'],
  ['2026-12-24', '2026-12-25'],
  [null, '2027-12-24'],
  [null, '2028-12-25'],
]
/** New Year's Day closures on weekdays (1 January 2028 is a Saturday). */
const NEW_YEAR = ['2025-01-01', '2026-01-01', '2027-01-01']

/** The day before an ISO date (dates here are plain calendar days). */
function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}
function dayAfter(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** Globex-style closures in New York time, given a group's halt and early-close times. */
function globexClosures(times: {
  holidayHalt: string
  thanksgivingHalt: string
  earlyClose: string
}): Closure[] {
  const out: Closure[] = []
  // A halted holiday reopens at 17:00 CT (18:00 New York) for the next trade date.
  for (const [day, name] of US_HALT_DAYS) {
    out.push({ from: `${day}T${times.holidayHalt}`, to: `${day}T18:00`, name })
  }
  for (const day of THANKSGIVING) {
    out.push({ from: `${day}T${times.thanksgivingHalt}`, to: `${day}T18:00`, name: 'Thanksgiving' })
    // The Friday after closes early and stays closed over the weekend.
    const friday = dayAfter(day)
    out.push({
      from: `${friday}T${times.earlyClose}`,
      to: `${friday}T18:00`,
      name: 'Day after Thanksgiving (early close)',
    })
  }
  // Closed from Thursday's daily close (17:00 New York) to the weekend.
  for (const day of GOOD_FRIDAY) {
    out.push({ from: `${dayBefore(day)}T17:00`, to: `${day}T18:00`, name: 'Good Friday' })
  }
  for (const [eve, day] of CHRISTMAS) {
    const from = eve ? `${eve}T${times.earlyClose}` : `${dayBefore(day)}T17:00`
    out.push({ from, to: `${day}T18:00`, name: 'Christmas' })
  }
  for (const day of NEW_YEAR) {
    out.push({ from: `${dayBefore(day)}T17:00`, to: `${day}T18:00`, name: "New Year's Day" })
  }
  return out
}

/** A whole local calendar day closed. */
const wholeDay = (day: string, name: string): Closure => ({
  from: `${day}T00:00`,
  to: `${dayAfter(day)}T00:00`,
  name,
})

const EUREX_HOLIDAYS: ReadonlyArray<[string, string]> = [
  ...['2025-01-01', '2026-01-01', '2027-01-01'].map((d): [string, string] => [d, "New Year's Day"]),
  ...GOOD_FRIDAY.map((d): [string, string] => [d, 'Good Friday']),
  ...EASTER_MONDAY.map((d): [string, string] => [d, 'Easter Monday']),
  ...['2025-05-01', '2026-05-01', '2028-05-01'].map((d): [string, string] => [d, 'Labour Day']),
  ...['2025', '2026', '2027', '2028'].flatMap((y): Array<[string, string]> => [
    [`${y}-12-24`, 'Christmas Eve'],
    [`${y}-12-25`, 'Christmas Day'],
    [`${y}-12-26`, 'Boxing Day'],
    [`${y}-12-31`, "New Year's Eve"],
  ]),
]

/** England's bank holidays, with substitute days (LSE closed). */
const LSE_HOLIDAYS: ReadonlyArray<[string, string]> = [
  ['2025-01-01', "New Year's Day"],
  ['2025-05-05', 'Early May bank holiday'],
  ['2025-05-26', 'Spring bank holiday'],
  ['2025-08-25', 'Summer bank holiday'],
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', 'Boxing Day'],
  ['2026-01-01', "New Year's Day"],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-08-31', 'Summer bank holiday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', "New Year's Day"],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-08-30', 'Summer bank holiday'],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
  ['2028-01-03', "New Year's Day (substitute day)"],
  ['2028-05-01', 'Early May bank holiday'],
  ['2028-05-29', 'Spring bank holiday'],
  ['2028-08-28', 'Summer bank holiday'],
  ['2028-12-25', 'Christmas Day'],
  ['2028-12-26', 'Boxing Day'],
  ...GOOD_FRIDAY.map((d): [string, string] => [d, 'Good Friday']),
  ...EASTER_MONDAY.map((d): [string, string] => [d, 'Easter Monday']),
]
/** LSE's 12:30 closes: the last weekday before Christmas and before New Year. */
const LSE_EARLY_CLOSES = [
  '2025-12-24',
  '2025-12-31',
  '2026-12-24',
  '2026-12-31',
  '2027-12-24',
  '2027-12-31',
  '2028-12-22',
  '2028-12-29',
]

const ICE_BRENT: Closure[] = globexClosures({
  holidayHalt: '14:30',
  thanksgivingHalt: '13:00',
  earlyClose: '13:45',
}).filter((c) => !c.name.startsWith('Day after'))

/** Every venue's closures, in its own zone (VENUE_ZONES), sorted by start. */
export const VENUE_CLOSURES: Readonly<Record<Venue, readonly Closure[]>> = {
  cme_equity: globexClosures({
    holidayHalt: '13:00',
    thanksgivingHalt: '13:00',
    earlyClose: '13:15',
  }),
  nymex_comex: globexClosures({
    holidayHalt: '14:30',
    thanksgivingHalt: '13:00',
    earlyClose: '13:45',
  }),
  ice_brent: ICE_BRENT,
  eurex: EUREX_HOLIDAYS.map(([d, name]) => wholeDay(d, name)),
  lse: [
    ...LSE_HOLIDAYS.map(([d, name]) => wholeDay(d, name)),
    ...LSE_EARLY_CLOSES.map((d) => ({
      from: `${d}T12:30`,
      to: `${dayAfter(d)}T00:00`,
      name: 'Early close',
    })),
  ],
}

/** The years these calendars cover (both ends included); later years trade their plain session. */
export const VENUE_CALENDAR_YEARS = { first: 2025, last: 2028 } as const

/**
 * The closure a venue is in at a venue-local time ('YYYY-MM-DDTHH:mm'), or
 * null when it trades (its weekly session still applies on top).
 */
export function venueClosureAt(venue: Venue, local: string): Closure | null {
  for (const c of VENUE_CLOSURES[venue]) {
    if (local >= c.from && local < c.to) return c
  }
  return null
}
