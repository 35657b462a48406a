import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import StaffTwoFactorReset from '../../../commands/staff_two_factor_reset.js'
import { isolate } from '#tests/helpers/isolation'
import { onlyAuditRow } from '#tests/helpers/audit'
import { DEMO, demoUser } from '#tests/helpers/users'
import { enrol, freshRecoveryCode } from '#tests/helpers/two_factor'

/** Runs `node ace staff:two-factor-reset <email>` in-process; answers its exit code and what it logged. */
async function runCommand(args: string[]) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  try {
    const command = await ace.create(StaffTwoFactorReset, args)
    await command.exec()
    const logs = command.ui.logger.getLogs().map((l) => l.message)
    return { exitCode: command.exitCode ?? 0, output: logs.join('\n') }
  } finally {
    ace.ui.switchMode('normal')
  }
}

test.group('node ace staff:two-factor-reset <email>', (group) => {
  isolate(group)

  test('removes the key and recovery codes of a locked-out admin, ends their sessions, writes an audit row', async ({
    assert,
  }) => {
    const admin = await demoUser(DEMO.admin)
    await enrol(admin)
    await freshRecoveryCode(admin)
    const generation = admin.sessionGeneration ?? 0

    const result = await runCommand(['ADMIN@demo.test'])

    assert.equal(result.exitCode, 0)
    assert.include(result.output, 'removed')
    assert.isNull(await db.from('two_factor_credentials').where('user_id', admin.id).first())
    assert.isNull(await db.from('two_factor_recovery_codes').where('user_id', admin.id).first())
    await admin.refresh()
    assert.isAbove(admin.sessionGeneration, generation)
    const row = await onlyAuditRow('user.two_factor_console_reset', admin.id)
    assert.isNull(row.ip)

    const again = await runCommand([DEMO.admin])
    assert.equal(again.exitCode, 0)
    assert.include(again.output, 'nothing changed')
  })

  test('an unknown e-mail is exit code 1', async ({ assert }) => {
    const result = await runCommand(['nobody@nowhere.test'])
    assert.equal(result.exitCode, 1)
    assert.include(result.output, 'No account with the e-mail nobody@nowhere.test')
  })
})
