import { args, BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace staff:two-factor-reset <email>`: removes an account's second
 * factor (secret and recovery codes) and ends its sessions, for the last
 * admin who lost both; they enrol again at their next login. Audited.
 * Exit code 1 when there is no such account.
 */
export default class StaffTwoFactorReset extends BaseCommand {
  static commandName = 'staff:two-factor-reset'
  static description =
    "Remove an account's second factor so it enrols again (recovery for a locked-out admin)"
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'E-mail of the account' })
  declare email: string

  async run() {
    const { resetTwoFactorFromConsole } = await import('#actions/two_factor/reset_two_factor')
    const result = await resetTwoFactorFromConsole(this.email)
    if (!result) {
      this.logger.error(`No account with the e-mail ${this.email}`)
      this.exitCode = 1
      return
    }
    if (!result.removed) {
      this.logger.info(`${result.user.email} has no second factor; nothing changed`)
      return
    }
    this.logger.success(
      `Second factor of ${result.user.email} removed and their sessions ended; they enrol again at their next login. Audit row written.`
    )
  }
}
