import { Money, money, type MoneyInput } from './money.js'
import type { OrderType } from './trading.js'
import { isDecimalString } from './decimal_strings.js'
import type { Category } from './instruments.js'
import { accountMetrics, positionProfitLoss, type OpenPositionInput } from './account_metrics.js'

/**
 * Take-profit (customer spec §4): a sell closes when take-profit ≥ current
 * rate, a buy when take-profit ≤ current rate. The current rate of a sell is
 * the bid, of a buy the ask.
 */
export function takeProfitHit(
  type: OrderType,
  takeProfit: MoneyInput | null,
  currentRate: MoneyInput
): boolean {
  if (takeProfit === null || takeProfit === '') return false
  const tp = money(takeProfit)
  return type === 'sell'
    ? tp.greaterThanOrEqualTo(money(currentRate))
    : tp.lessThanOrEqualTo(money(currentRate))
}

/** Stop-loss (customer spec §4): a sell closes when stop-loss ≤ current rate, a buy when stop-loss ≥ current rate. */
export function stopLossHit(
  type: OrderType,
  stopLoss: MoneyInput | null,
  currentRate: MoneyInput
): boolean {
  if (stopLoss === null || stopLoss === '') return false
  const sl = money(stopLoss)
  return type === 'sell'
    ? sl.lessThanOrEqualTo(money(currentRate))
    : sl.greaterThanOrEqualTo(money(currentRate))
}

export type TriggerReason = 'take_profit' | 'stop_loss'

/** Which of a position's targets the current rate has reached, stop-loss first (the safer reading of a gap). */
export function triggeredTarget(
  position: { type: OrderType; profit: MoneyInput | null; loss: MoneyInput | null },
  currentRate: MoneyInput
): TriggerReason | null {
  if (stopLossHit(position.type, position.loss, currentRate)) return 'stop_loss'
  if (takeProfitHit(position.type, position.profit, currentRate)) return 'take_profit'
  return null
}

/**
 * Stop-out. The spec's client rule, read literally, compares the margin level
 * with the *negative* stop-out value, which could only fire once equity is
 * already negative. Server and client both use the standard reading instead:
 * stop out when the margin level (equity ÷ used margin × 100) is at or below
 * the stop-out percent, or when equity is at or below zero.
 */
export function isStopOut(input: {
  equity: MoneyInput
  marginLevel: Money | null
  stopOut: MoneyInput
}): boolean {
  if (money(input.equity).lessThanOrEqualTo(0)) return true
  return input.marginLevel !== null && input.marginLevel.lessThanOrEqualTo(money(input.stopOut))
}

/** Negative balance protection: what must be written off so a balance never ends below zero. */
export function negativeBalanceWriteOff(balanceAfter: MoneyInput): Money {
  const after = money(balanceAfter)
  return after.isNegative() ? after.negated() : new Money(0)
}

/** Stop-out closes the largest loser first. */
export function largestLoser<T extends { profitLoss: Money }>(positions: T[]): T | null {
  let worst: T | null = null
  for (const p of positions) if (!worst || p.profitLoss.lessThan(worst.profitLoss)) worst = p
  return worst
}

/**
 * The position a stop-out closes next: among the positions whose kind's
 * stop-out level the account has reached (`isStopOut`), the largest loser;
 * null when none. The caller closes it and asks again with what is left.
 */
export function stopOutVictim<T extends OpenPositionInput & { kind: Category }>(input: {
  balance: MoneyInput
  usedMargin: MoneyInput
  positions: T[]
  stopOutOf: (kind: Category) => MoneyInput
}): (T & { profitLoss: Money }) | null {
  const metrics = accountMetrics(input)
  const candidates = input.positions
    .filter((p) =>
      isStopOut({
        equity: metrics.equity,
        marginLevel: metrics.marginLevel,
        stopOut: input.stopOutOf(p.kind),
      })
    )
    .map((p) => ({ ...p, profitLoss: positionProfitLoss(p) }))
  return largestLoser(candidates)
}

export interface TargetError {
  field: 'profit' | 'loss'
  message: string
}

/**
 * Bounds of the targets given with a new order (customer spec §5, amount mode):
 * buy take-profit ≥ ask; buy stop-loss between 0 and ask; sell take-profit
 * between 0 and bid; sell stop-loss ≥ bid.
 */
export function newOrderTargetErrors(input: {
  type: OrderType
  bid: MoneyInput
  ask: MoneyInput
  profit: MoneyInput | null
  loss: MoneyInput | null
}): TargetError[] {
  const errors: TargetError[] = []
  const price = input.type === 'buy' ? money(input.ask) : money(input.bid)
  const side = input.type === 'buy' ? 'ask' : 'bid'
  const shown = price.toFixed()
  if (input.profit !== null) {
    const ok = input.type === 'buy' ? money(input.profit).gte(price) : inRange(input.profit, price)
    if (!ok) {
      errors.push({
        field: 'profit',
        message:
          input.type === 'buy'
            ? `Take profit must be at or above the ask (${shown})`
            : `Take profit must be between 0 and the bid (${shown})`,
      })
    }
  }
  if (input.loss !== null) {
    const ok = input.type === 'buy' ? inRange(input.loss, price) : money(input.loss).gte(price)
    if (!ok) {
      errors.push({
        field: 'loss',
        message:
          input.type === 'buy'
            ? `Stop loss must be between 0 and the ${side} (${shown})`
            : `Stop loss must be at or above the ${side} (${shown})`,
      })
    }
  }
  return errors
}

/**
 * The targets a new order's estimated profit/loss may use (customer spec §5:
 * "invalid entries are ignored"): a rate that is not a plain decimal or lies
 * outside the bounds of `newOrderTargetErrors` counts as no target, so it
 * drives no estimate.
 */
export function estimableTargets(input: {
  type: OrderType
  bid: MoneyInput
  ask: MoneyInput
  profit: string | null
  loss: string | null
}): { profit: string | null; loss: string | null } {
  const valid = (field: 'profit' | 'loss', value: string | null) => {
    if (value === null || !isDecimalString(value)) return null
    const rate = value.trim()
    const targets = field === 'profit' ? { profit: rate, loss: null } : { profit: null, loss: rate }
    const errors = newOrderTargetErrors({ ...input, ...targets })
    return errors.length === 0 ? rate : null
  }
  return { profit: valid('profit', input.profit), loss: valid('loss', input.loss) }
}

/**
 * Bounds of a target set on an open order (customer spec §5 modals): stop-loss
 * of a buy between 0 and the open rate, of a sell at or above it; take-profit
 * of a sell between 0 and the open rate, of a buy at or above it.
 */
export function orderTargetErrors(input: {
  type: OrderType
  openRate: MoneyInput
  profit?: MoneyInput | null
  loss?: MoneyInput | null
}): TargetError[] {
  const errors: TargetError[] = []
  const open = money(input.openRate)
  const shown = open.toFixed()
  if (input.profit !== undefined && input.profit !== null) {
    const ok = input.type === 'sell' ? inRange(input.profit, open) : money(input.profit).gte(open)
    if (!ok) {
      errors.push({
        field: 'profit',
        message:
          input.type === 'sell'
            ? `Take profit must be between 0 and the open rate (${shown})`
            : `Take profit must be at or above the open rate (${shown})`,
      })
    }
  }
  if (input.loss !== undefined && input.loss !== null) {
    const ok = input.type === 'buy' ? inRange(input.loss, open) : money(input.loss).gte(open)
    if (!ok) {
      errors.push({
        field: 'loss',
        message:
          input.type === 'buy'
            ? `Stop loss must be between 0 and the open rate (${shown})`
            : `Stop loss must be at or above the open rate (${shown})`,
      })
    }
  }
  return errors
}

function inRange(value: MoneyInput, upper: Money) {
  const v = money(value)
  return v.gte(0) && v.lte(upper)
}
