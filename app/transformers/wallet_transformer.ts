import type Balance from '#models/balance'
import { toFixedString } from '#domain/money'

export function walletSummary(w: Balance) {
  return {
    id: w.id,
    mode: w.mode,
    currency: w.currency,
    balance: toFixedString(w.balance, 2),
    margin: toFixedString(w.margin, 2),
    onHold: toFixedString(w.onHold, 2),
  }
}

export type WalletSummary = ReturnType<typeof walletSummary>
