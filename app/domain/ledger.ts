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
] as const
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number]
