import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace ledger:reconcile`: checks every wallet (balance = Σ ledger
 * entries, used margin = Σ margin of open positions, no negative balance,
 * the latest entry's balance after = the balance) and the audit log's hash
 * chain (issue 24 item 6); prints a summary and every difference, stores the
 * run for the admin dashboard, and exits 1 on any difference (0 when the
 * books balance). The market role runs the same check after each rollover.
 */
export default class LedgerReconcile extends BaseCommand {
  static commandName = 'ledger:reconcile'
  static description =
    'Reconcile every wallet with its ledger and open positions; exit 1 on any difference'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { reconcileBooks } = await import('#actions/ledger/reconcile_books')
    const { differenceText } = await import('#domain/reconciliation')
    const started = performance.now()
    const result = await reconcileBooks({ kind: 'manual' })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    for (const difference of result.differences) this.logger.error(differenceText(difference))
    const summary = `${result.wallets} wallets, ${result.differences.length} differences (run #${result.id}, ${seconds} s)`
    if (result.differences.length) {
      this.logger.error(`Books differ: ${summary}`)
      this.exitCode = 1
      return
    }
    this.logger.success(`Books balanced: ${summary}`)
  }
}
