import db from '@adonisjs/lucid/services/db'
import settings from '#services/settings_service'
import { conversionRateFor } from '#queries/conversion_rate'
import {
  SiteCurrencyConverter,
  dashboardCards,
  recentDays,
  recentTransactions,
  utcDay,
  type RollupSum,
} from '#domain/dashboard'
import { ROLLUP_TABLE } from '#database/rollups/dashboard_daily'

/** An inclusive range of UTC days, YYYY-MM-DD; an absent end is open. */
export interface DashboardRange {
  from?: string | null
  to?: string | null
}

/**
 * The dashboard's data (admin spec §3 Dashboard data) for a range of days.
 *
 * Two aggregates over the daily rollup kept by triggers
 * (database/rollups/dashboard_daily.ts), whatever the number of orders:
 * the range's sums per metric, wallet mode, currency and market, and the last
 * seven days' deposits and withdrawals per day and currency. Rates for the
 * currencies found are then read once each (`conversionRateFor`: listed
 * pairs, else the Currency API's rates) and the pure domain shapes the cards
 * and the two charts (app/domain/dashboard.ts).
 */
export async function dashboardData(range: DashboardRange, now = new Date()) {
  const days = recentDays(utcDay(now))

  const totals = db
    .from(ROLLUP_TABLE)
    .select('metric', 'mode', 'currency', 'kind')
    .sum('count as count')
    .sum('amount as amount')
    .groupBy('metric', 'mode', 'currency', 'kind')
  if (range.from) totals.where('day', '>=', range.from)
  if (range.to) totals.where('day', '<=', range.to)

  const recent = db
    .from(ROLLUP_TABLE)
    .select('day', 'metric', 'mode', 'currency')
    .sum('amount as amount')
    .whereIn('metric', ['deposits', 'withdrawals'])
    .where('mode', 'real')
    .whereBetween('day', [days[0], days[days.length - 1]])
    .groupBy('day', 'metric', 'mode', 'currency')

  // One after the other: both are small reads of the rollup, and a transaction's one connection takes one query at a time.
  const totalRows = await totals
  const recentRows = await recent
  const currency = (await settings.site()).appCurrencies[0]

  const sums: RollupSum[] = totalRows.map((r: any) => ({
    ...r,
    count: Number(r.count),
    amount: decimalText(r.amount),
  }))
  const perDay = recentRows.map((r: any) => ({ ...r, amount: decimalText(r.amount) }))

  // One rate per currency held in real wallets with something to convert.
  const others = [
    ...new Set(
      [...sums, ...perDay]
        .filter((r) => r.mode === 'real' && r.currency && r.currency !== currency)
        .map((r) => r.currency)
    ),
  ]
  const rates = new Map<string, Awaited<ReturnType<typeof conversionRateFor>>>()
  for (const c of others) rates.set(c, await conversionRateFor(c, currency))
  const converter = new SiteCurrencyConverter(currency, (c) => rates.get(c))

  const { cards, tradeEngagement } = dashboardCards(sums, converter)
  return {
    currency,
    range: { from: range.from ?? null, to: range.to ?? null },
    ...cards,
    last7DaysTransactions: recentTransactions(days, perDay, converter),
    tradeEngagement,
    /** Currencies with no known rate: their amounts are left out of the money figures. */
    unconverted: [...converter.unconverted].sort(),
  }
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>

/**
 * A SUM as decimal text: PostgreSQL answers numeric as an exact string;
 * SQLite's decimal columns are floats (docs/DECISIONS.md, Money), so its sum
 * is a number, read through its shortest decimal form and rounded to cents
 * by the domain.
 */
function decimalText(value: unknown): string {
  return value === null || value === undefined ? '0' : String(value)
}
