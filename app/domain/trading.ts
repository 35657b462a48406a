import { Money, money, type MoneyInput } from './money.js'
import type { Category } from './instruments.js'
import { pipSize } from './instruments.js'

export type OrderType = 'buy' | 'sell'

/** The price an order opens at: a buy pays the ask, a sell gets the bid (customer spec §2 Buy and Sell dialogs). */
export function openingPrice<T>(type: OrderType, bid: T, ask: T): T {
  return type === 'buy' ? ask : bid
}

/** Required margin = price × amount ÷ leverage ÷ rate (customer spec §9). */
export function requiredMargin(input: {
  price: MoneyInput
  amount: MoneyInput
  leverage: number
  rate: MoneyInput
}): Money {
  if (!(input.leverage > 0)) throw new RangeError('leverage must be positive')
  const rate = money(input.rate)
  if (rate.isZero()) throw new RangeError('rate must not be zero')
  return money(input.price).times(money(input.amount)).dividedBy(input.leverage).dividedBy(rate)
}

/** Pip value = pip size × amount ÷ rate (customer spec §9). */
export function pipValue(input: { quote: string; amount: MoneyInput; rate: MoneyInput }): Money {
  return money(pipSize(input.quote)).times(money(input.amount)).dividedBy(money(input.rate))
}

/**
 * Spread cost = (ask − bid) × spread setting value1 (an integer) × amount
 * (customer spec §9), in the quote currency; the P/L formula divides it by the rate.
 */
export function spreadCost(input: {
  bid: MoneyInput
  ask: MoneyInput
  spreadSetting: number
  amount: MoneyInput
}): Money {
  return money(input.ask)
    .minus(money(input.bid))
    .times(input.spreadSetting)
    .times(money(input.amount))
}

/** A spread setting's value1 as the integer the formula wants; a missing or bad value counts as 1. */
export function spreadMultiplier(value1: string | null | undefined): number {
  const n = Number.parseInt(value1 ?? '', 10)
  return Number.isFinite(n) && n >= 0 ? n : 1
}

export type PlanLeverages = Partial<Record<`${Category}Leverage`, number | null>>
type PlanStopouts = Partial<Record<`${Category}Stopout`, MoneyInput | null>>

/** The user's per-category leverage from the plan, falling back to the instrument's (customer spec §9). */
export function leverageFor(
  category: Category,
  plan: PlanLeverages | null | undefined,
  instrumentLeverage: number
): number {
  const fromPlan = plan?.[`${category}Leverage`]
  if (fromPlan && fromPlan > 0) return fromPlan
  return instrumentLeverage > 0 ? instrumentLeverage : 1
}

/** Stop-out percent when the plan has none for the order's kind (customer spec §4, §9). */
export const DEFAULT_STOP_OUT = 50

export function stopOutFor(kind: Category, plan: PlanStopouts | null | undefined): Money {
  const value = plan?.[`${kind}Stopout`]
  if (value === null || value === undefined || value === '') return new Money(DEFAULT_STOP_OUT)
  const level = money(value)
  return level.isNegative() || level.isZero() ? new Money(DEFAULT_STOP_OUT) : level
}

/**
 * Estimated profit/loss shown in the order dialog (customer spec §9: amount,
 * price difference and spread divided by rate, 2 decimals): the P/L of closing
 * at `target` a position opened at `price`.
 */
export function estimatedProfitLoss(input: {
  type: OrderType
  amount: MoneyInput
  price: MoneyInput
  target: MoneyInput
  spread: MoneyInput
  rate: MoneyInput
}): Money {
  const move =
    input.type === 'buy'
      ? money(input.target).minus(money(input.price))
      : money(input.price).minus(money(input.target))
  return money(input.amount)
    .times(move)
    .minus(money(input.spread))
    .dividedBy(money(input.rate))
    .toDecimalPlaces(2)
}

/**
 * Pips-mode rates (customer spec §7): rate = price ± pips × pip size, 6 decimals;
 * buy: profit = price + pips, loss = price − pips; sell: the other way round.
 */
export function rateFromPips(input: {
  type: OrderType
  side: 'profit' | 'loss'
  price: MoneyInput
  pips: MoneyInput
  quote: string
}): Money {
  const distance = money(input.pips).times(pipSize(input.quote))
  const up = (input.type === 'buy') === (input.side === 'profit')
  const rate = up ? money(input.price).plus(distance) : money(input.price).minus(distance)
  return rate.toDecimalPlaces(6)
}
