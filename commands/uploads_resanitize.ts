import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace uploads:resanitize [--dry-run]`: once after upgrading past issue 9,
 * re-encodes stored images to pixels only and lists the stored files today's
 * upload rules would refuse (exit code 1 when there are any).
 */
export default class UploadsResanitize extends BaseCommand {
  static commandName = 'uploads:resanitize'
  static description =
    'Pass every stored upload through the upload sanitizer; report what it would refuse'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Report only; write nothing' })
  declare dryRun: boolean

  async run() {
    const { resanitizeStoredUploads } = await import('#actions/uploads/resanitize_stored_uploads')
    const report = await resanitizeStoredUploads({ dryRun: this.dryRun })
    const verb = this.dryRun ? 'would be re-encoded' : 're-encoded'
    this.logger.info(
      `${report.checked} stored files checked: ${report.cleaned} ${verb}, ${report.unchanged} unchanged`
    )
    for (const f of report.findings) {
      this.logger.warning(`${f.table} #${f.id} ${f.column} (${f.key}): ${f.problem}`)
    }
    if (report.findings.length) this.exitCode = 1
  }
}
