import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace audit:verify [--anchor=<hash>]`: walks the audit log's hash chain
 * (app/domain/audit.ts) in id order and reports the first row that breaks it
 * (exit code 1), or that the chain holds (exit code 0) with its head hash.
 * Record that head somewhere the database's users cannot write (a ticket, a
 * log shipped off the machine) and pass it as --anchor later: a chain
 * rewritten wholesale, or cut short, no longer contains it.
 */
export default class AuditVerify extends BaseCommand {
  static commandName = 'audit:verify'
  static description = "Check the audit log's hash chain; report the first broken row"
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'A head hash recorded earlier: it must still be in the chain' })
  declare anchor?: string

  async run() {
    const { verifyAuditChain } = await import('#services/audit_verification')
    const anchor = this.anchor?.trim().toLowerCase()
    if (anchor !== undefined && !/^[0-9a-f]{64}$/.test(anchor)) {
      this.logger.error('--anchor must be a 64-character hex hash, as audit:verify prints it')
      this.exitCode = 2
      return
    }
    const report = await verifyAuditChain({ anchor })
    if (report.broken) {
      this.logger.error(`Audit log broken at row #${report.broken.id}: ${report.broken.reason}`)
      this.exitCode = 1
      return
    }
    if (anchor !== undefined && !report.anchorFound) {
      this.logger.error(
        `Audit log: the anchored hash ${anchor} is not in the chain (rewritten or cut short)`
      )
      this.exitCode = 1
      return
    }
    this.logger.success(`Audit log OK: ${report.rows} rows, head ${report.head}`)
  }
}
