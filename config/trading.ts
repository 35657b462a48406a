import env from '#start/env'
import { DEFAULT_MAX_RATE_DEVIATION_PERCENT } from '#domain/trade_corrections'

/** Trading limits read from the environment (README "Market data and trading"). */
const tradingConfig = {
  /**
   * How far from the current quote (percent) a staff correction's open or
   * close rate may be without `force` (TRADE_CORRECTION_MAX_DEVIATION_PERCENT).
   * Read at each use, so a test or an operator's change applies at once.
   */
  correctionMaxDeviationPercent(): number {
    const value = Number(
      env.get('TRADE_CORRECTION_MAX_DEVIATION_PERCENT') ?? DEFAULT_MAX_RATE_DEVIATION_PERCENT
    )
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_RATE_DEVIATION_PERCENT
  },
}

export default tradingConfig
