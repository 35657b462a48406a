import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { timestampMs } from '#services/market/pending_engine'
import { dbTime } from '#actions/pending_orders/pending_parts'

test.group('pending engine: expiry timestamps as the drivers return them', () => {
  test('a SQLite string written by dbTime, a PostgreSQL Date and null all read as the same instant', ({
    assert,
  }) => {
    const at = DateTime.fromISO('2026-11-18T16:00:00', { zone: 'America/New_York' })
    // SQLite: the local wall time Lucid and dbTime write, no offset.
    assert.equal(timestampMs(dbTime(at)), at.toMillis())
    // PostgreSQL: node-pg reads `timestamp` as a local-time Date.
    assert.equal(timestampMs(at.toJSDate()), at.toMillis())
    assert.equal(timestampMs(at.toMillis()), at.toMillis())
    assert.isNull(timestampMs(null))
    assert.isNull(timestampMs('not a time'))
  })
})
