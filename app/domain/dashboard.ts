import { Money, money, roundCurrency, type MoneyInput } from './money.js'
import { CATEGORIES, CATEGORY_TABS, type Category } from './instruments.js'
import { formatDay } from './formatting.js'

/**
 * The back office's dashboard (admin spec §2 Dashboard, §3 Dashboard data):
 * what its figures mean and how the rows the database sums become the
 * cards and the two charts. Pure: the query (app/queries/dashboard.ts)
 * supplies the sums and the conversion rates.
 *
 * - Money figures (deposits, withdrawals, P/L) are of real wallets only: demo
 *   money is not money. Each currency's sum is converted to the site
 *   currency at the current rate and the results added, rounded half-up to
 *   cents at the end.
 * - Trades are counted on real wallets too (demo trades are reported apart),
 *   so Total Trades, Trade Engagement and Profit/Loss describe the same book.
 * - Profit/Loss is the customers' realized P/L: the sum of the P/L of the
 *   trades closed in the range (what the trades list shows as PRO/LOSS). A
 *   negative figure is what customers lost; the broker's side is the opposite
 *   sign.
 */

/** Days the 'Recent Transactions' chart covers, today included (admin spec §9). */
export const RECENT_DAYS = 7

/** Series names of the 'Recent Transactions' chart (translation keys). */
export const RECENT_SERIES = { deposits: 'Deposits', withdrawals: 'Withdraws' } as const
export type MoneyMetric = 'deposits' | 'withdrawals' | 'pnl'

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10)
}

/** The `count` days ending with `today` (YYYY-MM-DD, UTC), oldest first. */
export function recentDays(today: string, count = RECENT_DAYS): string[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(end))
    throw new RangeError(`not a day: ${today}`)
  return Array.from({ length: count }, (_, i) =>
    utcDay(new Date(end - (count - 1 - i) * 86_400_000))
  )
}

/**
 * How many units of `currency` one unit of the site currency buys (the
 * direction `conversionRate` answers), or null when no rate is known.
 */
export type RateOf = (currency: string) => MoneyInput | null | undefined

/**
 * Converts amounts in several currencies to the site currency and adds them.
 * A currency without a rate is left out and named in `unconverted`, so the
 * page can say the figure is incomplete rather than show a wrong one.
 */
export class SiteCurrencyConverter {
  readonly unconverted = new Set<string>()

  constructor(
    readonly site: string,
    private rateOf: RateOf
  ) {}

  convert(amount: MoneyInput, currency: string): Money | null {
    const value = money(amount)
    if (currency.toUpperCase() === this.site.toUpperCase() || value.isZero()) return value
    const rate = this.rateOf(currency)
    if (rate === null || rate === undefined || money(rate).lte(0)) {
      this.unconverted.add(currency.toUpperCase())
      return null
    }
    return value.dividedBy(money(rate))
  }

  /** The sum of amounts in their currencies, in the site currency, rounded to cents. */
  total(sums: { currency: string; amount: MoneyInput }[]): string {
    let total = new Money(0)
    for (const s of sums) total = total.plus(this.convert(s.amount, s.currency) ?? 0)
    return roundCurrency(total).toFixed(2)
  }
}

/** A row the rollup answers: a metric's sum for one key. */
export interface RollupSum {
  metric: string
  mode: string
  currency: string
  kind: string
  count: number
  amount: MoneyInput
}

export interface DashboardCards {
  totalDeposits: string
  totalWithdraws: string
  totalTrades: number
  totalUsers: number
  totalProLoss: string
  /** Trades on demo wallets in the range, not part of the figures above. */
  demoTrades: number
}

export interface TradeEngagement {
  categories: string[]
  data: number[]
}

/** The cards and the 'Trade Engagement' pie from the range's sums. */
export function dashboardCards(rows: RollupSum[], converter: SiteCurrencyConverter) {
  const real = rows.filter((r) => r.mode === 'real')
  const amountOf = (metric: MoneyMetric) => converter.total(real.filter((r) => r.metric === metric))
  const count = (list: RollupSum[]) => list.reduce((n, r) => n + Number(r.count), 0)
  const trades = real.filter((r) => r.metric === 'trades')
  const cards: DashboardCards = {
    totalDeposits: amountOf('deposits'),
    totalWithdraws: amountOf('withdrawals'),
    totalTrades: count(trades),
    totalUsers: count(rows.filter((r) => r.metric === 'users')),
    totalProLoss: amountOf('pnl'),
    demoTrades: count(rows.filter((r) => r.metric === 'trades' && r.mode === 'demo')),
  }
  return { cards, tradeEngagement: tradeEngagement(trades) }
}

/**
 * Trades per market (the pie): every category in the menu's order, with its
 * tab label as the slice name, zero when none was traded.
 */
export function tradeEngagement(rows: { kind: string; count: number }[]): TradeEngagement {
  const byKind = new Map<string, number>()
  for (const r of rows) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + Number(r.count))
  return {
    categories: CATEGORIES.map((c: Category) => CATEGORY_TABS[c]),
    data: CATEGORIES.map((c) => byKind.get(c) ?? 0),
  }
}

export interface RecentTransactions {
  /** The days as the back office writes dates (DD/MM/YYYY). */
  categories: string[]
  /** Deposits then Withdraws, one amount per day in the site currency (2 decimals). */
  series: { name: string; data: string[] }[]
}

/**
 * The 'Recent Transactions' bars: for each of `days`, the approved deposits
 * and withdrawals of real wallets, converted to the site currency. Days
 * without any show 0.00.
 */
export function recentTransactions(
  days: string[],
  rows: { day: string; metric: string; mode: string; currency: string; amount: MoneyInput }[],
  converter: SiteCurrencyConverter
): RecentTransactions {
  const real = rows.filter((r) => r.mode === 'real')
  const series = (metric: keyof typeof RECENT_SERIES) => ({
    name: RECENT_SERIES[metric],
    data: days.map((day) =>
      converter.total(real.filter((r) => r.metric === metric && r.day === day))
    ),
  })
  return {
    categories: days.map((d) => formatDay(d, 'display')),
    series: [series('deposits'), series('withdrawals')],
  }
}
