import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import {
  canonicalJson,
  canonicalRow,
  canonicalTimestamp,
  chainBreak,
  chainHash,
  diffChanges,
  GENESIS_HASH,
  MAX_AUDIT_TEXT,
  parseAuditAnchor,
  auditAnchorText,
  recordOf,
  type AuditRecord,
  type StoredAuditRow,
} from '#domain/audit'
import { REDACTED } from '#domain/redaction'
import {
  AUDIT_ACTION_VALUES,
  AUDIT_ACTIONS,
  AUDIT_FIELD_LABELS,
  AUDIT_SETTING_NAMES,
  AUDIT_TARGETS,
  AUDIT_TARGET_ID_PATTERN,
  isAuditAction,
  isAuditTargetType,
} from '#domain/audit_actions'
import { screenRoles } from '#domain/staff_screens'
import { staffMenu } from '#domain/navigation'
import { GATEWAY_FORMS } from '#domain/gateways'
import { Roles, STAFF_ROLES } from '#domain/roles'
import { SPANISH } from '#database/demo/translations'

const record = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  staffId: 1,
  staffRoleId: 1,
  ip: '203.0.113.7',
  action: 'deposit.approve',
  targetType: 'deposit',
  targetId: '12',
  changes: '{"status":{"after":"approved","before":"pending"}}',
  createdAt: '2026-11-23T10:15:30.123Z',
  ...over,
})

test.group('audit: the changes a row keeps', () => {
  test('only fields whose value differs, with before and after', ({ assert }) => {
    const changes = diffChanges(
      { status: 'pending', amount: '100.00', declineReason: null },
      { status: 'declined', amount: '100.00', declineReason: 'Wrong account' }
    )
    assert.deepEqual(changes, {
      declineReason: { before: null, after: 'Wrong account' },
      status: { before: 'pending', after: 'declined' },
    })
  })

  test('a creation has no before and a deletion no after; empty fields of either are left out', ({
    assert,
  }) => {
    assert.deepEqual(diffChanges(null, { name: 'Pay', customLabel: null }), {
      name: { before: null, after: 'Pay' },
    })
    assert.deepEqual(diffChanges({ name: 'Pay', customLabel: null }, undefined), {
      name: { before: 'Pay', after: null },
    })
    assert.deepEqual(diffChanges({ a: 1 }, { a: 1 }), {})
  })

  test('secrets named by the caller show only whether one is set, and a changed secret still shows as changed', ({
    assert,
  }) => {
    const changes = diffChanges(
      { key1: 'pk_live_1', key2: 'sk_live_old', key3: null },
      { key1: 'pk_live_2', key2: 'sk_live_new', key3: 'whsec_x' },
      { secretFields: ['key2', 'key3'] }
    )
    assert.deepEqual(changes, {
      key1: { before: 'pk_live_1', after: 'pk_live_2' },
      key2: { before: REDACTED, after: REDACTED },
      key3: { before: null, after: REDACTED },
    })
    assert.notInclude(JSON.stringify(changes), 'sk_live')
    assert.notInclude(JSON.stringify(changes), 'whsec')
  })

  test('passwords, tokens, API keys and secrets are masked by name, whoever forgets to say so', ({
    assert,
  }) => {
    const changes = diffChanges(
      {
        password: 'old',
        apiKey: null,
        rememberToken: 't1',
        webhookSecret: 's',
        privateKey: 'a',
        fullName: 'A',
      },
      {
        password: 'new',
        apiKey: 'abc',
        rememberToken: null,
        webhookSecret: 's2',
        privateKey: 'b',
        fullName: 'B',
      }
    )
    assert.deepEqual(changes, {
      apiKey: { before: null, after: REDACTED },
      fullName: { before: 'A', after: 'B' },
      password: { before: REDACTED, after: REDACTED },
      privateKey: { before: REDACTED, after: REDACTED },
      rememberToken: { before: REDACTED, after: null },
      webhookSecret: { before: REDACTED, after: REDACTED },
    })
  })

  test('dates become ISO 8601 UTC; long texts are cut after the comparison', ({ assert }) => {
    const when = DateTime.fromISO('2026-01-02T03:04:05.006+02:00')
    const changes = diffChanges(
      { at: null, note: 'x'.repeat(600) },
      { at: when, note: `${'x'.repeat(599)}y` }
    )
    assert.equal(changes.at.after, '2026-01-02T01:04:05.006Z')
    assert.equal((changes.note.after as string).length, MAX_AUDIT_TEXT + 1)
    assert.isTrue((changes.note.after as string).endsWith('…'))
    assert.deepEqual(
      diffChanges({ at: new Date('2026-01-01T00:00:00Z') }, { at: '2026-01-01T00:00:00.000Z' }),
      {}
    )
  })
})

test.group('audit: canonical text and hash chain', () => {
  test('canonical JSON sorts keys at every level', ({ assert }) => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } }),
      '{"a":{"c":"x","d":[true,null]},"b":1}'
    )
  })

  test('one timestamp text whether the database gave a Date or text, zoned or not', ({
    assert,
  }) => {
    const iso = '2026-11-23T10:15:30.123Z'
    assert.equal(canonicalTimestamp(new Date(iso)), iso)
    assert.equal(canonicalTimestamp(iso), iso)
    assert.equal(canonicalTimestamp('2026-11-23 10:15:30.123'), iso)
    assert.equal(canonicalTimestamp('2026-11-23 11:15:30.123+01:00'), iso)
    assert.equal(canonicalTimestamp('2026-11-23 10:15:30.123+00'), iso)
    assert.equal(canonicalTimestamp('garbage'), 'garbage')
  })

  test('the hash is SHA-256 over the previous hash, a newline and the canonical row', ({
    assert,
  }) => {
    const row = record()
    const expected = createHash('sha256')
      .update(`${GENESIS_HASH}\n${canonicalRow(row)}`)
      .digest('hex')
    assert.equal(chainHash(GENESIS_HASH, row), expected)
    assert.match(expected, /^[0-9a-f]{64}$/)
    assert.equal(
      canonicalRow(row),
      '{"action":"deposit.approve","changes":"{\\"status\\":{\\"after\\":\\"approved\\",\\"before\\":\\"pending\\"}}",' +
        '"createdAt":"2026-11-23T10:15:30.123Z","ip":"203.0.113.7","staffId":1,"staffRoleId":1,"targetId":"12",' +
        '"targetType":"deposit","v":1}'
    )
  })

  test('every field of the row is covered: changing any one changes the hash', ({ assert }) => {
    const base = chainHash(GENESIS_HASH, record())
    const variants: Partial<AuditRecord>[] = [
      { staffId: 2 },
      { staffRoleId: 2 },
      { ip: null },
      { action: 'deposit.decline' },
      { targetType: 'withdrawal' },
      { targetId: '13' },
      { changes: '{}' },
      { createdAt: '2026-11-23T10:15:30.124Z' },
    ]
    for (const variant of variants)
      assert.notEqual(chainHash(GENESIS_HASH, record(variant)), base, JSON.stringify(variant))
    assert.notEqual(chainHash('a'.repeat(64), record()), base)
  })

  test('chainBreak: a sound row, an edited row, a row whose predecessor was removed', ({
    assert,
  }) => {
    const first = stored(1, GENESIS_HASH, record())
    const second = stored(2, first.hash, record({ targetId: '13' }))
    assert.isNull(chainBreak(GENESIS_HASH, first))
    assert.isNull(chainBreak(first.hash, second))
    assert.match(
      chainBreak(first.hash, { ...second, changes: '{}' })!,
      /content does not match its hash/
    )
    assert.match(chainBreak(GENESIS_HASH, second)!, /first row/)
    assert.match(chainBreak('f'.repeat(64), second)!, /prev_hash/)
  })

  test('a PostgreSQL row (numbers, a Date) and a SQLite row (text) of the same entry verify alike', ({
    assert,
  }) => {
    const row = record()
    const hash = chainHash(GENESIS_HASH, row)
    const pg = { ...stored(1, GENESIS_HASH, row), created_at: new Date(row.createdAt) }
    const sqlite = { ...stored(1, GENESIS_HASH, row), id: '1', staff_id: '1', staff_role_id: '1' }
    assert.equal(pg.hash, hash)
    assert.isNull(chainBreak(GENESIS_HASH, pg))
    assert.isNull(chainBreak(GENESIS_HASH, sqlite))
    assert.deepEqual(recordOf(pg), recordOf(sqlite))
  })
})

test.group('audit: actions and targets', () => {
  test('actions are area.verb; unknown ones are refused', ({ assert }) => {
    for (const action of AUDIT_ACTION_VALUES) assert.match(action, /^[a-z_]+\.[a-z_]+$/)
    assert.isTrue(isAuditAction('gateway.update'))
    assert.isFalse(isAuditAction('toString'))
    assert.isFalse(isAuditAction('gateway.drop'))
    assert.isTrue(isAuditTargetType('kyc_document'))
    assert.isFalse(isAuditTargetType('constructor'))
    assert.isTrue(AUDIT_TARGET_ID_PATTERN.test('withdrawSettings'))
    assert.isFalse(AUDIT_TARGET_ID_PATTERN.test('1; drop table'))
  })

  test('every action, target and field label the screen shows has its Spanish entry (the scanner cannot see these maps)', ({
    assert,
  }) => {
    const labels = [
      ...Object.values(AUDIT_ACTIONS),
      ...Object.values(AUDIT_TARGETS),
      ...Object.values(AUDIT_FIELD_LABELS),
      ...Object.values(AUDIT_SETTING_NAMES),
      // A gateway's key slots are named by its form's labels.
      ...Object.values(GATEWAY_FORMS).flatMap((form) => form.fields.map((field) => field.label)),
    ]
    const missing = labels.filter((label) => !Object.hasOwn(SPANISH, label))
    assert.deepEqual(missing, [])
    for (const word of ['Yes', 'No', 'pending', 'approved', 'declined'])
      assert.property(SPANISH, word)
  })

  test('the Audit Log screen is role 1 only, in the Server Management section', ({ assert }) => {
    assert.deepEqual(screenRoles('/admin/audit'), [Roles.ADMIN])
    const section = staffMenu(Roles.ADMIN).find((s) =>
      s.links.some((l) => l.href === '/admin/audit')
    )
    assert.equal(section?.label, 'Server Management')
    for (const roleId of STAFF_ROLES.filter((r) => r !== Roles.ADMIN)) {
      assert.notInclude(
        staffMenu(roleId).flatMap((s) => s.links.map((l) => l.href)),
        '/admin/audit'
      )
    }
  })
})

function stored(id: number, prevHash: string, row: AuditRecord): StoredAuditRow {
  return {
    id,
    staff_id: row.staffId,
    staff_role_id: row.staffRoleId,
    ip: row.ip,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    changes: row.changes,
    created_at: row.createdAt,
    prev_hash: prevHash,
    hash: chainHash(prevHash, row),
  }
}

test.group('Audit anchors (issue 21 item 7)', () => {
  test('<rows>:<hash> and the older bare hash are read; anything else is null', ({ assert }) => {
    const hash = 'ab'.repeat(32)
    assert.deepEqual(parseAuditAnchor(`12:${hash}`), { rows: 12, hash })
    assert.deepEqual(parseAuditAnchor(` ${hash.toUpperCase()} `), { rows: null, hash })
    assert.deepEqual(parseAuditAnchor(auditAnchorText(0, GENESIS_HASH)), {
      rows: 0,
      hash: GENESIS_HASH,
    })
    for (const bad of ['', 'xyz', `-1:${hash}`, `1.5:${hash}`, `12:${hash}0`, `12:`, `:${hash}`]) {
      assert.isNull(parseAuditAnchor(bad), bad)
    }
  })
})

test.group('audit: status values read in Spanish', () => {
  test('every status word a server write records has a Spanish entry', async ({ assert }) => {
    // The screen translates a changed `status` (audit_log_transformer): a word without an entry shows in English.
    const { readdir, readFile } = await import('node:fs/promises')
    const files = (await readdir('app', { recursive: true })).filter((f) => f.endsWith('.ts'))
    const words = new Set<string>()
    for (const file of files) {
      const text = await readFile(`app/${file}`, 'utf8')
      for (const m of text.matchAll(/\bstatus: '([a-z_]+)'/g)) words.add(m[1])
    }
    assert.isAbove(words.size, 3)
    assert.deepEqual(
      [...words].filter((w) => !Object.hasOwn(SPANISH, w)),
      []
    )
  })
})
