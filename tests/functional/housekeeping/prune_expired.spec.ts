import { test } from '@japa/runner'
import { mkdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { RETENTION } from '#domain/retention'
import { pruneExpired } from '#services/housekeeping'
import { leadImportReportPath } from '#services/lead_import_reports'
import { isolate } from '#tests/helpers/isolation'

/*
| Housekeeping (app/services/housekeeping.ts): the lead-intake API's and the
| staff writes' stored answers go after 30 days, the CSV import error reports
| after 7; younger ones stay.
*/

const DAY = 24 * 60 * 60 * 1000
const NOW = new Date('2026-11-24T12:00:00Z')
const UPLOADER = 990_001

async function intakeRequest(key: string, ageDays: number) {
  await db.table('lead_intake_requests').insert({
    scope: 'site',
    key,
    fingerprint: 'f'.repeat(64),
    status: 201,
    response: '{}',
    // Stored as the app stores it: local time, no offset.
    created_at: DateTime.fromJSDate(new Date(NOW.getTime() - ageDays * DAY)).toSQL({
      includeOffset: false,
    }),
  })
}

async function staffKey(key: string, ageDays: number) {
  const admin = await db.from('users').where('role_id', 1).select('id').firstOrFail()
  await db.table('idempotency_keys').insert({
    staff_id: admin.id,
    key,
    fingerprint: 'f'.repeat(64),
    status: 200,
    response: '{}',
    created_at: DateTime.fromJSDate(new Date(NOW.getTime() - ageDays * DAY)).toSQL({
      includeOffset: false,
    }),
  })
}

async function report(name: string, ageDays: number) {
  const path = leadImportReportPath(UPLOADER, name)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, 'row,field,message\r\n')
  const when = new Date(NOW.getTime() - ageDays * DAY)
  await utimes(path, when, when)
  return path
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

test.group('Housekeeping: expired records are pruned', (group) => {
  isolate(group)
  group.each.teardown(() =>
    rm(dirname(leadImportReportPath(UPLOADER, 'x')), { recursive: true, force: true })
  )

  test('stored answers older than 30 days and reports older than 7 go; younger ones stay', async ({
    assert,
  }) => {
    await intakeRequest('old', RETENTION.leadIntakeRequestDays + 1)
    await intakeRequest('young', RETENTION.leadIntakeRequestDays - 1)
    await staffKey('old-staff', RETENTION.staffIdempotencyKeyDays + 1)
    await staffKey('young-staff', RETENTION.staffIdempotencyKeyDays - 1)
    const oldReport = await report('old-report', RETENTION.leadImportReportDays + 1)
    const youngReport = await report('young-report', RETENTION.leadImportReportDays - 1)

    const pruned = await pruneExpired(NOW)

    assert.equal(pruned.intakeRequests, 1)
    assert.equal(pruned.staffIdempotencyKeys, 1)
    const staffKeys = (await db.from('idempotency_keys').select('key')).map((r) => r.key)
    assert.include(staffKeys, 'young-staff')
    assert.notInclude(staffKeys, 'old-staff')
    assert.isAtLeast(pruned.importReports, 1)
    const keys = (await db.from('lead_intake_requests').select('key')).map((r) => r.key)
    assert.include(keys, 'young')
    assert.notInclude(keys, 'old')
    assert.isFalse(await exists(oldReport))
    assert.isTrue(await exists(youngReport))
    // Run again (another process, the next timer): nothing left to remove, no error.
    assert.deepEqual(await pruneExpired(NOW), {
      intakeRequests: 0,
      staffIdempotencyKeys: 0,
      importReports: 0,
    })
  })
})
