/** Why a balance moved. Every balance change is one ledger entry of one of these types. */
export const LEDGER_ENTRY_TYPES = [
  'demo_credit',
  'deposit',
  'withdrawal',
  'fee',
  'realized_pnl',
  'plan_charge',
  'admin_adjustment',
  'write_off',
  /** Staff changed a closed trade's rates or spread: the difference of its realized P/L. */
  'trade_correction',
  /** Staff deleted a closed trade: everything it moved in the wallet, reversed. */
  'trade_reversal',
  /** Overnight financing of an open position at the daily rollover (issue 24): a charge or a credit. */
  'swap',
] as const
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number]
