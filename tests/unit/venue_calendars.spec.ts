import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isInstrumentOpen, marketStatus } from '#domain/market_hours'
import {
  VENUE_CALENDAR_YEARS,
  VENUE_CLOSURES,
  VENUES,
  venueClosureAt,
  venueFor,
} from '#domain/venue_calendars'

const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' })
const spx = { category: 'index' as const, base: 'SPX500' }
const gold = { category: 'commodity' as const, base: 'XAU' }
const wti = { category: 'commodity' as const, base: 'WTICO' }
const brent = { category: 'commodity' as const, base: 'BCO' }
const dax = { category: 'index' as const, base: 'DE30' }
const ftse = { category: 'index' as const, base: 'UK100' }
const nikkei = { category: 'index' as const, base: 'JP225' }
const eurusd = { category: 'forex' as const, base: 'EUR' }
const openAt = (i: Parameters<typeof isInstrumentOpen>[0], iso: string) =>
  isInstrumentOpen(i, marketStatus(ny(iso)))

test.group('commodity and index exchange calendars (shipped with the app)', () => {
  test('instruments map to the exchange that prices them; others keep their session', ({
    assert,
  }) => {
    assert.equal(venueFor('index', 'SPX500'), 'cme_equity')
    assert.equal(venueFor('index', 'us30'), 'cme_equity')
    assert.equal(venueFor('commodity', 'XAU'), 'nymex_comex')
    assert.equal(venueFor('commodity', 'BCO'), 'ice_brent')
    assert.equal(venueFor('index', 'DE30'), 'eurex')
    assert.equal(venueFor('index', 'UK100'), 'lse')
    assert.isNull(venueFor('index', 'JP225'))
    // A stock or forex symbol never takes a futures calendar, whatever its name.
    assert.isNull(venueFor('stock', 'XAU'))
  })

  test('Thanksgiving 2026-11-26: CME halts at 12:00 CT (13:00 New York) and reopens 17:00 CT', ({
    assert,
  }) => {
    for (const i of [spx, gold, wti]) {
      assert.isTrue(openAt(i, '2026-11-26T12:59'), `${i.base} before the halt`)
      assert.isFalse(openAt(i, '2026-11-26T13:00'), `${i.base} halted`)
      assert.isFalse(openAt(i, '2026-11-26T17:59'), `${i.base} still halted`)
      assert.isTrue(openAt(i, '2026-11-26T18:00'), `${i.base} reopened for Friday`)
    }
    assert.include(marketStatus(ny('2026-11-26T14:00')).closedVenues, 'cme_equity')
    // Forex itself trades through Thanksgiving, and so does an index on another exchange.
    assert.isTrue(openAt(eurusd, '2026-11-26T14:00'))
    assert.isTrue(openAt(dax, '2026-11-26T14:00'))
    assert.isTrue(openAt(nikkei, '2026-11-26T14:00'))
  })

  test('the day after Thanksgiving, 2026-11-27, closes early', ({ assert }) => {
    assert.isTrue(openAt(spx, '2026-11-27T13:14'))
    assert.isFalse(openAt(spx, '2026-11-27T13:15'), 'equity 12:15 CT')
    assert.isTrue(openAt(gold, '2026-11-27T13:44'))
    assert.isFalse(openAt(gold, '2026-11-27T13:45'), 'metals 12:45 CT')
    assert.isFalse(openAt(wti, '2026-11-27T15:00'))
    assert.isTrue(openAt(eurusd, '2026-11-27T15:00'))
    // Monday trades again.
    assert.isTrue(openAt(spx, '2026-11-30T10:00'))
  })

  test('Christmas 2026: early close on the 24th, closed on the 25th everywhere', ({ assert }) => {
    assert.isTrue(openAt(spx, '2026-12-24T13:14'))
    assert.isFalse(openAt(spx, '2026-12-24T13:15'))
    assert.isFalse(openAt(gold, '2026-12-24T14:00'))
    for (const i of [spx, gold, wti, brent, dax, ftse]) {
      assert.isFalse(openAt(i, '2026-12-25T12:00'), i.base)
    }
    assert.deepInclude(marketStatus(ny('2026-12-25T12:00')), {
      closedVenues: ['cme_equity', 'nymex_comex', 'ice_brent', 'eurex', 'lse'],
    })
    // Eurex does not trade on Christmas Eve at all (Frankfurt time).
    assert.isFalse(openAt(dax, '2026-12-24T03:00'))
    // The LSE closes at 12:30 London (07:30 New York) on the 24th.
    assert.isTrue(openAt(ftse, '2026-12-24T07:29'))
    assert.isFalse(openAt(ftse, '2026-12-24T07:30'))
  })

  test('Good Friday 2026-04-03 closes every venue from Thursday evening; Easter Monday Europe only', ({
    assert,
  }) => {
    assert.isTrue(openAt(spx, '2026-04-02T16:59'))
    assert.isFalse(openAt(spx, '2026-04-02T18:30'), 'Globex does not reopen Thursday evening')
    for (const i of [spx, gold, brent, dax, ftse]) {
      assert.isFalse(openAt(i, '2026-04-03T10:00'), i.base)
    }
    assert.isFalse(openAt(dax, '2026-04-06T06:00'))
    assert.isFalse(openAt(ftse, '2026-04-06T06:00'))
    assert.isTrue(openAt(spx, '2026-04-06T06:00'))
  })

  test('US Monday holidays halt CME early: MLK 2026-01-19', ({ assert }) => {
    assert.isTrue(openAt(spx, '2026-01-19T12:59'))
    assert.isFalse(openAt(spx, '2026-01-19T13:00'))
    assert.isTrue(openAt(gold, '2026-01-19T14:29'))
    assert.isFalse(openAt(gold, '2026-01-19T14:30'), 'metals and energy 13:30 CT')
    assert.isTrue(openAt(spx, '2026-01-19T18:00'))
    // London and Frankfurt trade as usual.
    assert.isTrue(openAt(ftse, '2026-01-19T10:00'))
  })

  test('UK bank holidays close the FTSE only; German Labour Day the DAX only', ({ assert }) => {
    assert.isFalse(openAt(ftse, '2026-08-31T06:00'))
    assert.isTrue(openAt(dax, '2026-08-31T06:00'))
    assert.isFalse(openAt(dax, '2026-05-01T06:00'))
    assert.isTrue(openAt(ftse, '2026-05-01T06:00'))
    // Boxing Day 2026 is a Saturday: Monday the 28th is the substitute.
    assert.isFalse(openAt(ftse, '2026-12-28T06:00'))
    assert.isTrue(openAt(dax, '2026-12-28T06:00'))
  })

  test('every closure is well formed, inside the covered years, and starts on a weekday', ({
    assert,
  }) => {
    for (const venue of VENUES) {
      assert.isNotEmpty(VENUE_CLOSURES[venue], venue)
      for (const c of VENUE_CLOSURES[venue]) {
        assert.match(c.from, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
        assert.match(c.to, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
        assert.isTrue(c.from < c.to, `${venue} ${c.name} ${c.from}`)
        const year = Number(c.to.slice(0, 4))
        assert.isAtLeast(year, VENUE_CALENDAR_YEARS.first)
        assert.isAtMost(year, VENUE_CALENDAR_YEARS.last + 1)
        assert.equal(venueClosureAt(venue, c.from), c, `${venue} ${c.from}`)
      }
    }
    // Globex closures start on a trading weekday (Sunday–Thursday evening or a weekday).
    for (const c of VENUE_CLOSURES.cme_equity) {
      assert.notEqual(ny(c.from).weekday, 6, c.from)
    }
  })
})
