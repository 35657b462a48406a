import { readFile } from 'node:fs/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace audit:verify [--anchor=<rows>:<hash> | --anchor-file=<path>]`:
 * walks the audit log's hash chain (app/domain/audit.ts) in id order and
 * reports the first row that breaks it (exit code 1), or that the chain holds
 * (exit code 0) with its row count and head hash, printed as the anchor to
 * ship off the machine (docs/SECURITY.md "The audit log"). Passed back later
 * as --anchor (or the last line of --anchor-file), it must still hold: a
 * chain rewritten wholesale, or cut short below the anchored row, fails.
 * The older bare `--anchor=<hash>` still works (the hash must be in the chain).
 */
export default class AuditVerify extends BaseCommand {
  static commandName = 'audit:verify'
  static description = "Check the audit log's hash chain; report the first broken row"
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'A head recorded earlier, <rows>:<hash> (or <hash>): it must hold' })
  declare anchor?: string

  @flags.string({ description: 'A file whose last line ends with such an anchor' })
  declare anchorFile?: string

  async run() {
    const { verifyAuditChain } = await import('#services/audit_verification')
    const { auditAnchorText, parseAuditAnchor } = await import('#domain/audit')
    const text =
      this.anchorFile !== undefined ? await this.lastAnchorIn(this.anchorFile) : this.anchor
    if (text === null) return
    const anchor = text === undefined ? undefined : parseAuditAnchor(text)
    if (anchor === null) {
      this.logger.error(
        '--anchor must be <rows>:<hash> (or a 64-character hex hash), as audit:verify prints it'
      )
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
        `Audit log: the anchor ${text!.trim()} does not hold (${report.anchorProblem}); the log was rewritten or cut short`
      )
      this.exitCode = 1
      return
    }
    this.logger.success(
      `Audit log OK: ${report.rows} rows, head ${report.head} (anchor ${auditAnchorText(report.rows, report.head)})`
    )
  }

  /** The last whitespace-separated word of the file's last non-empty line, or null (exit 2) if unreadable. */
  private async lastAnchorIn(path: string) {
    try {
      const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim())
      return lines.length ? lines[lines.length - 1].trim().split(/\s+/).pop()! : ''
    } catch {
      this.logger.error(`Cannot read the anchor file ${path}`)
      this.exitCode = 2
      return null
    }
  }
}
