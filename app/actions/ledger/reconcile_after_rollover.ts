import logger from '@adonisjs/core/services/logger'
import { reconcileBooks } from '#actions/ledger/reconcile_books'

/**
 * The market role's end of day (issue 24 item 6): the books are reconciled
 * after each finished rollover. A failed run is logged and does not hold up
 * the next rollover day; the dashboard keeps showing the last stored result.
 */
export async function reconcileAfterRollover(date: string) {
  try {
    const result = await reconcileBooks({ kind: 'rollover', rolloverDate: date })
    const log = result.differences.length ? logger.warn.bind(logger) : logger.info.bind(logger)
    log(
      { date, wallets: result.wallets, differences: result.differences.length },
      `books after the rollover of ${date}: ${result.differences.length} differences`
    )
  } catch (error) {
    logger.error({ err: error, date }, 'reconciliation after the rollover failed')
  }
}
