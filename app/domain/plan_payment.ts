import { money, type MoneyInput } from './money.js'

/**
 * Which wallet pays for a pricing plan (issue 21 item 3). Pure; the
 * subscription action and the plan cards' confirmation both use it, so the
 * wallet the confirmation names is the wallet charged.
 *
 * - A free plan (price 0) charges nothing.
 * - A paid plan is paid with real money only. The price is shown in the
 *   active wallet's currency (customer spec §2 Pricing), so the payer holds
 *   that currency: the active wallet itself when it is real; when it is a
 *   demo wallet, the customer's first real wallet (lowest id) in the same
 *   currency whose free balance (balance − margin − on hold) covers the price.
 * - Otherwise nobody pays: 'Not enough balance' (customer spec §8: and the
 *   page goes to /deposits).
 */

export interface PayerWallet {
  id: number
  mode: 'demo' | 'real'
  currency: string
  balance: MoneyInput
  margin: MoneyInput
  onHold: MoneyInput
}

export type PlanPayment<W extends PayerWallet = PayerWallet> =
  { kind: 'free' } | { kind: 'wallet'; wallet: W } | { kind: 'insufficient' }

/** Balance − margin − on hold: what a charge may take (the ledger checks the same). */
export function freeBalance(wallet: PayerWallet) {
  return money(wallet.balance).minus(money(wallet.margin)).minus(money(wallet.onHold))
}

export function planPayment<W extends PayerWallet>(input: {
  price: MoneyInput
  activeWalletId: number | null
  wallets: readonly W[]
}): PlanPayment<W> {
  const price = money(input.price)
  if (!price.greaterThan(0)) return { kind: 'free' }
  const active = input.wallets.find((w) => w.id === input.activeWalletId)
  if (!active) return { kind: 'insufficient' }
  const covers = (w: W) => freeBalance(w).greaterThanOrEqualTo(price)
  if (active.mode === 'real')
    return covers(active) ? { kind: 'wallet', wallet: active } : { kind: 'insufficient' }
  const payer = input.wallets
    .filter((w) => w.mode === 'real' && w.currency === active.currency && covers(w))
    .sort((a, b) => a.id - b.id)[0]
  return payer ? { kind: 'wallet', wallet: payer } : { kind: 'insufficient' }
}
