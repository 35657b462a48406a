import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import PendingOrder from '#models/pending_order'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import User from '#models/user'
import { isStorableId } from '#domain/ids'
import { isTriggered, type PendingReason } from '#domain/pending_orders'
import { toDbDecimal } from '#domain/money'
import { fillEvidenceColumns } from '#domain/evidence'
import { notifyUser, signalAccountChanged } from '#services/notification_service'
import type { TradeQuote } from '#services/market/trade_quote'
import type { Fence } from '#services/market/market_lease'
import {
  openPosition,
  positionTerms,
  PositionRefusedError,
  type PositionTerms,
} from '#actions/orders/open_position'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { notifyPendingEnded, pendingName, resolvePending } from './pending_parts.js'

export type FillOutcome = 'filled' | 'cancelled' | 'not_due' | 'gone'

/**
 * Fills a pending order whose trigger the market crossed (issue 23 item 1),
 * exactly once: in ONE transaction the lease fence, the row re-read (locked),
 * the exact trigger check on `quote` as the row stands now, the claim
 * (`status` pending → filled, a conditional update: of a fill, a customer's
 * and a staff cancel racing, one wins), the position opened at the quote
 * (a gap fills at market) with its margin reserved, and the link to it.
 * A fill the free margin cannot carry, or on an instrument switched off or
 * gone, cancels the order with that reason instead (its own transaction:
 * the refused fill wrote nothing). The customer is notified either way.
 *
 * 'not_due': the quote does not cross the (possibly just modified) price;
 * 'gone': no longer pending (someone else resolved it) or not found.
 */
export async function fillPendingOrder(
  pendingId: number,
  quote: TradeQuote,
  opts: { fence?: Fence } = {}
): Promise<FillOutcome> {
  const found = isStorableId(pendingId) ? await PendingOrder.find(pendingId) : null
  if (!found || found.status !== 'pending') return 'gone'
  if (!isTriggered(found, quote.bid, quote.ask)) return 'not_due'

  // Plan, spread setting and conversion rate are read before the transaction (project rule).
  let terms: PositionTerms
  try {
    terms = await termsFor(found, quote)
  } catch (error) {
    if (error instanceof UserFacingException) {
      return cancelFor(found, 'not_tradable', opts.fence)
    }
    throw error
  }

  let outcome: FillOutcome
  try {
    outcome = await db.transaction(async (trx) => {
      await opts.fence?.(trx)
      const row = await PendingOrder.query({ client: trx })
        .where('id', found.id)
        .forUpdate()
        .first()
      if (!row || row.status !== 'pending') return 'gone' as const
      if (!isTriggered(row, quote.bid, quote.ask)) return 'not_due' as const
      const fillRate = toDbDecimal(terms.price)
      if (!(await resolvePending(trx, row.id, { status: 'filled', reason: null, fillRate }))) {
        return 'gone' as const
      }
      // The targets as they stand now (the customer may have just modified them).
      const order = await openPosition(trx, { ...terms, profit: row.profit, loss: row.loss })
      // The link to the position and the quote the fill used (execution evidence).
      await trx
        .from('pending_orders')
        .where('id', row.id)
        .update({ order_id: order.id, ...fillEvidenceColumns(quote) })
      await notifyFilled(trx, row, order.id, fillRate)
      return 'filled' as const
    })
  } catch (error) {
    if (!(error instanceof PositionRefusedError)) throw error
    outcome = await cancelFor(found, error.refusal, opts.fence)
  }
  if (outcome === 'filled') signalAccountChanged(found.userId)
  return outcome
}

async function termsFor(p: PendingOrder, quote: TradeQuote) {
  const instrument = p.instrumentId ? await Instrument.find(p.instrumentId) : null
  if (!instrument || instrument.name !== p.instrument || !instrument.tradable) {
    throw new UserFacingException('This instrument is not tradable', { field: 'instrument' })
  }
  const user = await User.findOrFail(p.userId)
  const wallet = await Balance.findOrFail(p.balanceId)
  return positionTerms({
    user,
    wallet,
    instrument,
    type: p.type,
    amount: p.tradeAmount,
    profit: p.profit,
    loss: p.loss,
    quote,
  })
}

/** Cancels the order with `reason` if it is still pending; 'gone' when someone else resolved it first. */
async function cancelFor(
  p: PendingOrder,
  reason: PendingReason,
  fence: Fence | undefined
): Promise<FillOutcome> {
  return db.transaction(async (trx) => {
    await fence?.(trx)
    if (!(await resolvePending(trx, p.id, { status: 'cancelled', reason }))) return 'gone'
    await notifyPendingEnded(trx, p, reason)
    return 'cancelled'
  })
}

async function notifyFilled(
  trx: TransactionClientContract,
  p: PendingOrder,
  orderId: number,
  fillRate: string
) {
  const name = pendingName(p)
  await notifyUser(
    p.userId,
    {
      title: 'Pending order filled',
      description: `${name} filled at ${fillRate}: position #${orderId} opened.`,
      url: '/dashboard',
    },
    trx
  )
}
