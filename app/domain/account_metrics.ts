import { decimalUnits } from './decimal_strings.js'
import { MONEY_SCALE, Money, money, sum, type MoneyInput } from './money.js'

/** An open order as the P/L formula of customer spec §9 needs it. */
export interface OpenPositionInput {
  type: 'buy' | 'sell'
  tradeAmount: MoneyInput
  openRate: MoneyInput
  /** The rate the position would close at now: bid for a sell, ask for a buy. */
  currentRate: MoneyInput
  spread: MoneyInput
  exchangeRate: MoneyInput
}

/** A position's current rate (customer spec §4): the bid for a sell, the ask for a buy. */
export function currentRateFor<T>(type: 'buy' | 'sell', bid: T, ask: T): T {
  return type === 'sell' ? bid : ask
}

/**
 * Order profit/loss (customer spec §9):
 * sell = (amount × (open − current) − spread) / exchange_rate;
 * buy  = (amount × (current − open) − spread) / exchange_rate.
 */
export function positionProfitLoss(p: OpenPositionInput): Money {
  const amount = money(p.tradeAmount)
  const move =
    p.type === 'sell'
      ? money(p.openRate).minus(money(p.currentRate))
      : money(p.currentRate).minus(money(p.openRate))
  const rate = money(p.exchangeRate)
  if (rate.isZero()) throw new RangeError('exchange rate must not be zero')
  return amount.times(move).minus(money(p.spread)).dividedBy(rate)
}

/** 10^MONEY_SCALE: a money column's unit is 10^-8. */
const UNIT = 10n ** BigInt(MONEY_SCALE)

/** A position's P/L numerator (amount × move − spread) in 10^-16 units and its rate in 10^-8 units. */
function profitLossUnits(p: OpenPositionInput): { numerator: bigint; rate: bigint } | null {
  const units = (value: MoneyInput) =>
    typeof value === 'string' ? decimalUnits(value, MONEY_SCALE) : null
  const amount = units(p.tradeAmount)
  const open = units(p.openRate)
  const current = units(p.currentRate)
  const spread = units(p.spread)
  const rate = units(p.exchangeRate)
  if (amount === null || open === null || current === null || spread === null || rate === null)
    return null
  const move = p.type === 'sell' ? open - current : current - open
  return { numerator: amount * move - spread * UNIT, rate }
}

/**
 * The open positions' P/L summed, by the formula of positionProfitLoss, exactly:
 * each position's numerator is a whole number of 10^-16 units, the numerators are
 * summed per exchange rate, and each sum is divided once. Placing an order prices
 * every open position of the wallet, and parsing each figure into the money type
 * cost more than the rest of the order. Figures given otherwise than as plain
 * strings of at most 8 fraction digits are summed position by position.
 */
export function openProfitLoss(positions: OpenPositionInput[]): Money {
  const byRate = new Map<bigint, bigint>()
  for (const position of positions) {
    const units = profitLossUnits(position)
    if (!units) return sum(positions.map(positionProfitLoss))
    if (units.rate === 0n) throw new RangeError('exchange rate must not be zero')
    byRate.set(units.rate, (byRate.get(units.rate) ?? 0n) + units.numerator)
  }
  let total = new Money(0)
  // (numerator / 10^16) / (rate / 10^8) = numerator / (rate × 10^8)
  for (const [rate, numerator] of byRate) {
    total = total.plus(new Money(numerator.toString()).dividedBy((rate * UNIT).toString()))
  }
  return total
}

export interface AccountMetrics {
  balance: Money
  profitLoss: Money
  equity: Money
  usedMargin: Money
  freeMargin: Money
  /** equity ÷ used margin × 100; null when no margin is used. */
  marginLevel: Money | null
}

/**
 * The top bar's figures (customer spec §9): equity = balance + P/L;
 * free margin = balance − margin + P/L.
 *
 * Swaps (issue 24) are counted once, through the balance: each rollover posts
 * a `swap` ledger entry to the wallet, so the balance already holds every swap
 * paid or earned. P/L here is the positions' price P/L only; adding
 * the position swaps to it (as the positions table does for a position's net P/L)
 * would count the swaps twice in equity and free margin.
 */
export function accountMetrics(input: {
  balance: MoneyInput
  usedMargin: MoneyInput
  positions: OpenPositionInput[]
}): AccountMetrics {
  const balance = money(input.balance)
  const usedMargin = money(input.usedMargin)
  const profitLoss = openProfitLoss(input.positions)
  const equity = balance.plus(profitLoss)
  const freeMargin = balance.minus(usedMargin).plus(profitLoss)
  const marginLevel = usedMargin.isZero() ? null : equity.dividedBy(usedMargin).times(100)
  return { balance, profitLoss, equity, usedMargin, freeMargin, marginLevel }
}

/** The top bar shows P/L and equity to 3 decimals; other figures to 2. */
export function formatAccountMetrics(m: AccountMetrics) {
  return {
    balance: m.balance.toFixed(2),
    profitLoss: m.profitLoss.toFixed(3),
    equity: m.equity.toFixed(3),
    usedMargin: m.usedMargin.toFixed(2),
    freeMargin: m.freeMargin.toFixed(2),
    marginLevel: m.marginLevel ? m.marginLevel.toFixed(2) : null,
  }
}

export type FormattedAccountMetrics = ReturnType<typeof formatAccountMetrics>

/** A position's net P/L as the positions table and statements show it: price P/L plus the swaps it paid or earned. */
export function netProfitLoss(profitLoss: MoneyInput, swap: MoneyInput | null | undefined): Money {
  return money(profitLoss).plus(money(swap ?? '0'))
}
