import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace demo:living-broker`: a month of a small broker's life on top of
 * the demo data (database/demo/living_broker/): ~300 customers, their money,
 * KYC, trades and leads. `npm run demo` runs it; the tests' demo data never
 * has it. Does nothing when the customers are there already; refuses in
 * production, like the demo seeder.
 */
export default class DemoLivingBroker extends BaseCommand {
  static commandName = 'demo:living-broker'
  static description = "Seed the demo's living broker: customers, money, trades, KYC and leads"
  static options: CommandOptions = { startApp: true }

  async run() {
    if (this.app.inProduction) {
      this.logger.error('The living broker is demo data: not in production')
      this.exitCode = 1
      return
    }
    const { seedLivingBroker } = await import('#database/demo/living_broker/seed')
    const { seedDemoSwaps } = await import('#database/demo/demo_swaps')
    const result = await seedLivingBroker()
    // Positions held over past rollovers, charged by the rollover itself (once: skipped when a rollover is recorded).
    const swaps = await seedDemoSwaps()
    if (swaps.seeded) {
      this.logger.success(
        `Swaps: ${swaps.charged} charges over the rollovers of ${swaps.days.join(', ')}`
      )
    }
    if (!result.seeded) {
      this.logger.info('The living broker is there already: left as it is.')
      return
    }
    const c = result.counts
    this.logger.success(
      `Living broker seeded in ${(result.ms / 1000).toFixed(1)} s: ${c.users} accounts, ` +
        `${c.orders} trades, ${c.deposits} deposits, ${c.withdrawals} withdrawals, ` +
        `${c.kyc_documents} KYC documents, ${c.leads} leads, ${c.lead_notes} notes, ` +
        `${c.lead_calls} calls, ${c.ledger_entries} ledger entries ` +
        `(context ${result.phases.context} ms, plan ${result.phases.plan} ms, ` +
        `writes ${result.phases.write} ms)`
    )
  }
}
