import { Money, money, roundCurrency, type MoneyInput } from './money.js'

export interface DepositTotals {
  amount: Money
  fee: Money
  total: Money
}

/**
 * Customer spec §9: fee = gateway fee percent ÷ 100 × amount; total = amount +
 * fee; 2 decimals. The fee is rounded half-up to the cent, so the summary the
 * form shows is what the provider is asked to collect. The wallet is credited
 * the amount; the fee is paid on top.
 */
export function depositTotals(amount: MoneyInput, feePercent: MoneyInput): DepositTotals {
  const value = money(amount)
  const fee = roundCurrency(money(feePercent).dividedBy(100).times(value))
  return { amount: value, fee, total: value.plus(fee) }
}

/** What a provider reports having collected for a deposit. */
export interface CollectedPayment {
  amount: MoneyInput
  currency: string
}

/**
 * A provider's confirmation credits a deposit only when it collected the full
 * total in the wallet's currency (a provider may round up; never less).
 */
export function coversDeposit(
  collected: CollectedPayment,
  expected: { total: MoneyInput; currency: string }
) {
  return (
    collected.currency.trim().toUpperCase() === expected.currency.toUpperCase() &&
    money(collected.amount).greaterThanOrEqualTo(money(expected.total))
  )
}

/**
 * The crypto a customer sends for a deposit of `totalUsd` at `priceUsd` per
 * coin, rounded UP to the coin's decimals so the transfer always covers the
 * total (customer spec §2 Crypto deposit page: "the converted amount").
 */
export function cryptoAmount(totalUsd: MoneyInput, priceUsd: MoneyInput, decimals: number): Money {
  return money(totalUsd).dividedBy(money(priceUsd)).toDecimalPlaces(decimals, Money.ROUND_UP)
}
