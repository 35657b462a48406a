import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { DateTime } from 'luxon'

/**
 * `node ace market:rollover --date=YYYY-MM-DD [--dry-run]`: applies the
 * rollover of that New York day by hand (what the market role does at 17:00
 * New York), exactly once per position: run twice, the second run charges
 * nothing. `--dry-run` lists what would be charged and writes nothing.
 */
export default class MarketRollover extends BaseCommand {
  static commandName = 'market:rollover'
  static description = "Apply (or show with --dry-run) one New York day's overnight swaps"
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The New York day of the rollover, YYYY-MM-DD' })
  declare date?: string

  @flags.boolean({ description: 'List the charges without writing anything' })
  declare dryRun?: boolean

  async run() {
    const date = this.date?.trim() ?? ''
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date).isValid) {
      this.logger.error('--date must be a day as YYYY-MM-DD, e.g. --date=2026-01-14')
      this.exitCode = 1
      return
    }
    const { applyRollover } = await import('#actions/swaps/apply_rollover')
    const { rolloverInstant } = await import('#domain/swaps')
    if (rolloverInstant(date) > DateTime.now()) {
      this.logger.error(`The rollover of ${date} (17:00 New York) has not happened yet`)
      this.exitCode = 1
      return
    }
    const result = await applyRollover(date, {
      dryRun: this.dryRun,
      onCharge: this.dryRun
        ? (c) =>
            this.logger.log(
              [
                `#${c.orderId}`,
                `wallet ${c.balanceId}`,
                c.currency,
                c.instrument,
                c.type,
                `notional ${c.notional.toFixed(2)}`,
                `rate ${c.rate.toFixed()}%`,
                `days ${c.days}`,
                `amount ${c.amount.toFixed()}`,
              ].join('  ')
            )
        : undefined,
    })
    const totals = Object.entries(result.totals)
      .map(([currency, sum]) => `${sum} ${currency}`)
      .join(', ')
    const verb = this.dryRun ? 'would be charged' : 'charged'
    this.logger.success(
      `Rollover ${date}: ${result.charged} positions ${verb}${totals ? ` (${totals})` : ''}` +
        (result.unpriced ? `; ${result.unpriced} without a quote to value them, skipped` : '')
    )
  }
}
