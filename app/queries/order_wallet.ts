import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Category } from '#domain/instruments'
import type { KycStatus } from '#domain/kyc'
import { kycStatusOf } from '#domain/kyc'
import { fromDbDecimal } from '#domain/money'
import type { WalletMode } from '#models/balance'

/** A wallet as a market order reads and locks it: plain figures, decimals as canonical strings. */
export interface OrderWallet {
  id: number
  userId: number
  mode: WalletMode
  currency: string
  balance: string
  margin: string
  onHold: string
  version: number
}

export interface OrderAccount {
  /** The active wallet, locked FOR UPDATE; null when the user has none (or it is not theirs). */
  wallet: OrderWallet | null
  /** The plan's leverage for the order's category (null: no plan, or none set for the category). */
  planLeverage: number | null
  /** The latest KYC document's status; null when not asked for. */
  kycStatus: KycStatus | null
}

/** The wallet's columns (null without a wallet), its plan's leverage and the latest KYC status. */
interface AccountRow {
  id: number | null
  user_id: number
  mode: WalletMode
  currency: string
  balance: string | number
  margin: string | number
  on_hold: string | number
  version: number | string
  plan_leverage?: number | string | null
  kyc_status?: Exclude<KycStatus, 'not_submitted'> | null
}

/**
 * What a market order needs to know of its account, in ONE statement inside
 * its transaction: the active wallet locked FOR UPDATE (the row the margin
 * reservation then writes with a compare-and-set on `version`), the plan's
 * leverage for the category and, when the site asks for it, the latest KYC
 * status, the last two as scalar subqueries (FOR UPDATE locks only the
 * wallet, the one table in FROM).
 */
export async function lockOrderAccount(
  trx: TransactionClientContract,
  user: { id: number; activeBalanceId: number | null; pricingTableId: number | null },
  category: Category,
  options: { kyc: boolean }
): Promise<OrderAccount> {
  const kyc = () =>
    trx
      .from('kyc_documents')
      .select('status')
      .where('user_id', user.id)
      .orderBy('id', 'desc')
      .limit(1)
  if (!user.activeBalanceId) {
    // No wallet to lock: only the KYC answer (it is refused before the missing wallet).
    const latest = options.kyc ? await kyc().first() : null
    return {
      wallet: null,
      planLeverage: null,
      kycStatus: options.kyc ? kycStatusOf(latest ?? null) : null,
    }
  }
  const query = trx
    .from('balances')
    .select('id', 'user_id', 'mode', 'currency', 'balance', 'margin', 'on_hold', 'version')
    .where('id', user.activeBalanceId)
    .where('user_id', user.id)
    .forUpdate()
  if (user.pricingTableId) {
    query.select(
      trx
        .from('pricing_plans')
        .select(`${category}_leverage`)
        .where('id', user.pricingTableId)
        .as('plan_leverage')
    )
  }
  if (options.kyc) query.select(kyc().as('kyc_status'))
  const row = await query.first()
  if (!row) {
    const latest = options.kyc ? await kyc().first() : null
    return {
      wallet: null,
      planLeverage: null,
      kycStatus: options.kyc ? kycStatusOf(latest ?? null) : null,
    }
  }
  return orderAccountOf(row, options)
}

/**
 * The account as one row holds it: the wallet's columns (all null when the
 * user has no such wallet), `plan_leverage` and, when asked for, `kyc_status`.
 */
export function orderAccountOf(row: AccountRow, options: { kyc: boolean }): OrderAccount {
  return {
    wallet:
      row.id === null || row.id === undefined
        ? null
        : {
            id: row.id,
            userId: row.user_id,
            mode: row.mode,
            currency: row.currency,
            balance: fromDbDecimal(row.balance),
            margin: fromDbDecimal(row.margin),
            onHold: fromDbDecimal(row.on_hold),
            version: Number(row.version),
          },
    planLeverage:
      row.plan_leverage === null || row.plan_leverage === undefined
        ? null
        : Number(row.plan_leverage),
    kycStatus: options.kyc ? kycStatusOf(row.kyc_status ? { status: row.kyc_status } : null) : null,
  }
}
