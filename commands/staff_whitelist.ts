import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace staff:whitelist <email> [--clear]`: shows an account's IP
 * whitelist, or with --clear removes it (the check is off until an admin sets
 * one again), for an admin who locked themselves out (issue 12 item 2).
 * Exit code 1 when there is no such account.
 */
export default class StaffWhitelist extends BaseCommand {
  static commandName = 'staff:whitelist'
  static description = "Show or clear an account's IP whitelist (recovery for a locked-out admin)"
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'E-mail of the account' })
  declare email: string

  @flags.boolean({ description: 'Remove the whitelist (audited)' })
  declare clear: boolean

  async run() {
    const { default: User } = await import('#models/user')
    const { clearWhitelist } = await import('#actions/staff_users/clear_whitelist')
    const { whitelistOf } = await import('#services/address_whitelist')
    const db = (await import('@adonisjs/lucid/services/db')).default

    if (!this.clear) {
      const user = await User.query()
        .whereRaw('lower(email) = ?', [this.email.trim().toLowerCase()])
        .first()
      if (!user) return this.#noSuchAccount()
      const list = await whitelistOf(db.connection(), user.id)
      this.logger.info(
        list ? `${user.email}: whitelist ${list}` : `${user.email}: no whitelist (any address)`
      )
      return
    }
    const result = await clearWhitelist(this.email)
    if (!result) return this.#noSuchAccount()
    if (result.before === null) {
      this.logger.info(`${result.user.email} had no whitelist; nothing changed`)
      return
    }
    this.logger.success(
      `Whitelist of ${result.user.email} cleared (was: ${result.before}); any address may sign in again. Audit row written.`
    )
  }

  #noSuchAccount() {
    this.logger.error(`No account with the e-mail ${this.email}`)
    this.exitCode = 1
  }
}
