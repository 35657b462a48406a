import { positionProfitLoss } from './account_metrics.js'
import { money, MONEY_SCALE, Money, roundCurrency, type MoneyInput } from './money.js'

/**
 * Partial close of a position (issue 23 item 3): the part of `amount` units
 * closes at `closeRate`, the rest stays open under its ticket. Pure, exact
 * decimals; the action writes what this returns.
 */
export interface PartialCloseInput {
  type: 'buy' | 'sell'
  /** The open amount of the ticket (units). */
  tradeAmount: MoneyInput
  openRate: MoneyInput
  /** The ticket's spread cost for its whole open amount (quote currency). */
  spread: MoneyInput
  exchangeRate: MoneyInput
  /** The wallet margin the ticket holds (cents). */
  marginUsed: MoneyInput
  /** Units to close: 0 < amount < tradeAmount. */
  amount: MoneyInput
  /** The rate the part closes at (the bid for a sell, the ask for a buy). */
  closeRate: MoneyInput
}

export interface PartialCloseSplit {
  part: { tradeAmount: Money; marginUsed: Money; spread: Money; realized: Money }
  rest: { tradeAmount: Money; marginUsed: Money; spread: Money }
}

/**
 * Splits the ticket pro rata:
 * - margin: the part's share M × a ÷ A rounded DOWN to cents and the rest
 *   keeps M − part, so part + rest = M exactly and the open rest never holds
 *   less than its own share (the reservation was rounded up when opened);
 * - spread: S × a ÷ A half-up to the column's 8 decimals, rest = S − part;
 * - realized P/L of the part: the customer spec's formula on the part's
 *   amount and spread, rounded to cents half-up like a full close.
 * Throws a RangeError when the amount is not strictly between 0 and A.
 */
export function splitPosition(input: PartialCloseInput): PartialCloseSplit {
  const total = money(input.tradeAmount)
  const amount = money(input.amount)
  if (!amount.greaterThan(0) || !amount.lessThan(total)) {
    throw new RangeError(`a partial close takes more than 0 and less than ${total.toFixed()} units`)
  }
  const share = (value: MoneyInput) => money(value).times(amount).dividedBy(total)

  const margin = money(input.marginUsed)
  const partMargin = share(margin).toDecimalPlaces(2, Money.ROUND_DOWN)
  const spread = money(input.spread)
  const partSpread = share(spread).toDecimalPlaces(MONEY_SCALE, Money.ROUND_HALF_UP)

  const realized = roundCurrency(
    positionProfitLoss({
      type: input.type,
      tradeAmount: amount,
      openRate: input.openRate,
      currentRate: input.closeRate,
      spread: partSpread,
      exchangeRate: input.exchangeRate,
    })
  )
  return {
    part: { tradeAmount: amount, marginUsed: partMargin, spread: partSpread, realized },
    rest: {
      tradeAmount: total.minus(amount),
      marginUsed: margin.minus(partMargin),
      spread: spread.minus(partSpread),
    },
  }
}

export interface AmountError {
  field: 'amount'
  message: string
}

/**
 * Why `amount` cannot close part of a position of `openAmount` units; null
 * when it can. Closing it all is the ordinary close without an amount; in lot
 * mode the part is one of the offered lot sizes (the rest, less than the open
 * amount by a positive part, stays open whatever its size, as a staff
 * correction may leave it).
 */
export function partialAmountError(
  amount: MoneyInput,
  openAmount: MoneyInput,
  lots: { lotMode: boolean; offered: MoneyInput[] }
): AmountError | null {
  const value = money(amount)
  const open = money(openAmount).toFixed()
  if (!value.greaterThan(0)) {
    return { field: 'amount', message: 'Amount must be greater than zero' }
  }
  if (!value.lessThan(money(openAmount))) {
    return {
      field: 'amount',
      message: `Amount must be less than the open amount (${open}); to close it all, close without an amount`,
    }
  }
  if (lots.lotMode && !lots.offered.some((lot) => money(lot).equals(value))) {
    return { field: 'amount', message: 'Choose one of the offered lot sizes' }
  }
  return null
}
