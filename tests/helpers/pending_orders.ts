import { DateTime } from 'luxon'
import Instrument from '#models/instrument'
import PendingOrder from '#models/pending_order'
import type User from '#models/user'
import type { PendingExecution, PendingExpiry } from '#domain/pending_orders'

/** A pending order written straight to the table (what placement would store), for fill and expiry tests. */
export async function pendingFor(
  user: User,
  input: {
    instrument?: string
    type: 'buy' | 'sell'
    execution: PendingExecution
    price: string
    amount: string
    profit?: string | null
    loss?: string | null
    expiry?: PendingExpiry
    expiresAt?: DateTime | null
    balanceId?: number
  }
) {
  const instrument = await Instrument.findByOrFail('name', input.instrument ?? 'EUR_USD')
  return PendingOrder.create({
    userId: user.id,
    balanceId: input.balanceId ?? user.activeBalanceId!,
    instrumentId: instrument.id,
    instrument: instrument.name,
    baseSymbol: instrument.base,
    quoteSymbol: instrument.quote,
    kind: instrument.category,
    type: input.type,
    execution: input.execution,
    price: input.price,
    tradeAmount: input.amount,
    profit: input.profit ?? null,
    loss: input.loss ?? null,
    expiry: input.expiry ?? (input.expiresAt ? 'date' : 'gtc'),
    expiresAt: input.expiresAt ?? null,
    status: 'pending',
    marginRequired: '0',
  })
}

/** A quote as the market role hands it to fillPendingOrder. */
export const at = (bid: string, ask: string) => ({ bid, ask, at: Date.now() })
