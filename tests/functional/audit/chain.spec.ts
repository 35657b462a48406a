import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { rm, writeFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditVerify from '../../../commands/audit_verify.js'
import { recordStaffAction } from '#services/audit_log'
import { verifyAuditChain } from '#services/audit_verification'
import { GENESIS_HASH } from '#domain/audit'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import { auditRows, tamperWith } from '#tests/helpers/audit'

const admin = () => demoUser(DEMO.admin)

async function append(targetId: number, after: Record<string, unknown> = { status: 'approved' }) {
  const staff = await admin()
  return db.transaction((trx) =>
    recordStaffAction(trx, {
      staff,
      ip: '198.51.100.4',
      action: 'deposit.approve',
      target: { type: 'deposit', id: targetId },
      before: { status: 'pending' },
      after,
    })
  )
}

/** Runs `node ace audit:verify [args]` in-process; answers its exit code and what it logged. */
async function runVerify(args: string[] = []) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  try {
    const command = await ace.create(AuditVerify, args)
    await command.exec()
    const logs = command.ui.logger.getLogs().map((l) => l.message)
    return { exitCode: command.exitCode ?? 0, output: logs.join('\n') }
  } finally {
    ace.ui.switchMode('normal')
  }
}

test.group('audit log: appending and the chain', (group) => {
  isolate(group)

  test('a row records who, role, address, action, target, changes, time, linked to the previous row', async ({
    assert,
  }) => {
    const staff = await admin()
    const before = await db.from('audit_logs').orderBy('id', 'desc').first()
    const first = await append(101)
    const second = await append(102)
    assert.isNotNull(first)
    const [a, b] = await auditRows({ targetType: 'deposit' }, 2)
    assert.equal(b.id, first!.id)
    assert.equal(a.id, second!.id)
    assert.equal(b.prev_hash, before?.hash ?? GENESIS_HASH)
    assert.equal(a.prev_hash, b.hash)
    assert.containsSubset(b, {
      staff_id: staff.id,
      staff_role_id: 1,
      ip: '198.51.100.4',
      action: 'deposit.approve',
      target_type: 'deposit',
      target_id: '101',
    })
    assert.deepEqual(JSON.parse(b.changes), { status: { before: 'pending', after: 'approved' } })
    const report = await verifyAuditChain()
    assert.isNull(report.broken)
    assert.equal(report.head, a.hash)
  })

  test('an update that changes nothing writes no row', async ({ assert }) => {
    const count = async () => Number((await db.from('audit_logs').count('* as n').first()).n)
    const was = await count()
    assert.isNull(await append(103, { status: 'pending' }))
    assert.equal(await count(), was)
  })

  test('a rolled-back change leaves no row', async ({ assert }) => {
    // Read before the transaction: inside it, only `trx` may be used (tests/helpers/transaction_guard.ts).
    const staff = await admin()
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await recordStaffAction(trx, {
          staff,
          action: 'deposit.decline',
          target: { type: 'deposit', id: 104 },
          before: { status: 'pending' },
          after: { status: 'declined' },
        })
        throw new Error('the change failed')
      })
    )
    assert.lengthOf(await db.from('audit_logs').where('target_id', '104'), 0)
  })

  test('the database refuses to update or delete a row', async ({ assert }) => {
    const row = await append(105)
    // Each in its own savepoint: on PostgreSQL a failed statement spoils the transaction it runs in.
    const attempt = (write: (trx: TransactionClientContract) => Promise<unknown>) =>
      db.transaction(write)
    await assert.rejects(
      () =>
        attempt((trx) => trx.from('audit_logs').where('id', row!.id).update({ ip: '10.0.0.1' })),
      /append-only/
    )
    await assert.rejects(
      () => attempt((trx) => trx.from('audit_logs').where('id', row!.id).delete()),
      /append-only/
    )
    assert.equal(
      (await db.from('audit_logs').where('id', row!.id).firstOrFail()).ip,
      '198.51.100.4'
    )
  })

  test('audit:verify: OK and exit 0 on a sound chain; a row edited with raw SQL is named and exits 1', async ({
    assert,
  }) => {
    await append(106)
    const edited = await append(107)
    await append(108)

    const sound = await runVerify()
    assert.equal(sound.exitCode, 0, sound.output)
    assert.match(sound.output, /Audit log OK: \d+ rows, head [0-9a-f]{64}/)

    await tamperWith(`UPDATE audit_logs SET changes = '{}' WHERE id = ${edited!.id}`)
    const broken = await runVerify()
    assert.equal(broken.exitCode, 1)
    assert.include(
      broken.output,
      `Audit log broken at row #${edited!.id}: its content does not match its hash`
    )
  })

  test('audit:verify names the row after a deleted one', async ({ assert }) => {
    await append(109)
    const removed = await append(110)
    const next = await append(111)
    await tamperWith(`DELETE FROM audit_logs WHERE id = ${removed!.id}`)
    const report = await verifyAuditChain({ batchSize: 2 })
    assert.equal(report.broken?.id, next!.id)
    assert.match(report.broken!.reason, /prev_hash/)
  })

  test('audit:verify --anchor: a recorded head must still be in the chain', async ({ assert }) => {
    const kept = await append(112)
    const ok = await runVerify([`--anchor=${kept!.hash}`])
    assert.equal(ok.exitCode, 0, ok.output)
    const missing = await runVerify([`--anchor=${'a'.repeat(64)}`])
    assert.equal(missing.exitCode, 1)
    assert.include(missing.output, 'is not in the chain')
    const malformed = await runVerify(['--anchor=xyz'])
    assert.equal(malformed.exitCode, 2)
  })

  test('audit:verify prints <rows>:<head>; with that anchor, rows removed from the end are detected (issue 21 item 7)', async ({
    assert,
  }) => {
    await append(113)
    await append(114)
    const sound = await runVerify()
    assert.equal(sound.exitCode, 0, sound.output)
    const anchor = sound.output.match(/\(anchor (\d+:[0-9a-f]{64})\)/)![1]
    const [rows] = anchor.split(':')
    assert.equal(Number(rows), (await verifyAuditChain()).rows)
    assert.equal((await runVerify([`--anchor=${anchor}`])).exitCode, 0)

    // Read from a file of shipped anchors, as a daily job keeps them (the last line counts).
    const file = app.tmpPath(`audit-anchors-${Date.now()}.txt`)
    await writeFile(
      file,
      `2026-11-25T03:15:00Z 1:${'b'.repeat(64)}\n2026-11-26T03:15:00Z ${anchor}\n`
    )
    const fromFile = await runVerify([`--anchor-file=${file}`])
    assert.equal(fromFile.exitCode, 0, fromFile.output)

    // The last row goes: the chain that is left is consistent, but shorter than the anchor.
    const last = await db.from('audit_logs').orderBy('id', 'desc').first()
    await tamperWith(`DELETE FROM audit_logs WHERE id = ${last.id}`)
    assert.equal((await runVerify()).exitCode, 0)
    for (const args of [[`--anchor=${anchor}`], [`--anchor-file=${file}`]]) {
      const cut = await runVerify(args)
      assert.equal(cut.exitCode, 1, cut.output)
      assert.include(cut.output, 'rows were removed from its end')
    }
    // A different hash at the anchored row: rewritten.
    const rewritten = await runVerify([`--anchor=${Number(rows) - 1}:${'c'.repeat(64)}`])
    assert.equal(rewritten.exitCode, 1)
    assert.include(rewritten.output, 'carries another hash')
    await rm(file, { force: true })
    assert.equal((await runVerify([`--anchor-file=${file}`])).exitCode, 2)
  })
})

test.group('audit log: concurrent appends', () => {
  /* No shared rolled-back transaction here: each append commits on its own connection (PostgreSQL) and they race. */
  test('40 appends at once each get their own place in the chain, and it verifies', async ({
    assert,
  }) => {
    const staff = await admin()
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction(async (trx) => {
          // Some row work first, as a real action does, so the transactions overlap.
          await trx.from('users').where('id', staff.id).first()
          return recordStaffAction(trx, {
            staff,
            ip: '198.51.100.9',
            action: 'kyc.approve',
            target: { type: 'kyc_document', id: 9000 + i },
            before: { status: 'pending' },
            after: { status: 'approved' },
          })
        })
      )
    )
    assert.lengthOf(new Set(results.map((r) => r!.hash)), 40)
    const rows = await db
      .from('audit_logs')
      .whereBetween('target_id', ['9000', '9039'])
      .where('action', 'kyc.approve')
    assert.lengthOf(rows, 40)
    assert.lengthOf(new Set(rows.map((r) => r.prev_hash)), 40)
    const report = await verifyAuditChain()
    assert.isNull(report.broken, JSON.stringify(report.broken))
  })
})
