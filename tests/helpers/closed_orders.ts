import { DateTime } from 'luxon'
import Order from '#models/order'
import type User from '#models/user'

/**
 * Writes a closed order straight into the database (statements read what
 * the trading engine leaves behind): by default a EUR/USD buy of 1000 units
 * on the user's active wallet, opened an hour before it closed.
 */
export async function closedOrder(
  user: User,
  input: {
    closedAt: string
    proLoss?: string
    balanceId?: number
    type?: 'buy' | 'sell'
    base?: string
    quote?: string
    tradeAmount?: string
    openRate?: string
    closeRate?: string
  }
) {
  const closeTime = DateTime.fromISO(input.closedAt, { zone: 'utc' })
  const base = input.base ?? 'EUR'
  const quote = input.quote ?? 'USD'
  return Order.create({
    userId: user.id,
    balanceId: input.balanceId ?? user.activeBalanceId!,
    instrumentId: null,
    instrument: `${base}_${quote}`,
    baseSymbol: base,
    quoteSymbol: quote,
    kind: 'forex',
    type: input.type ?? 'buy',
    tradeAmount: input.tradeAmount ?? '1000',
    openRate: input.openRate ?? '1.0845',
    closeRate: input.closeRate ?? '1.0855',
    closeTime,
    spread: '0',
    exchangeRate: '1',
    marginUsed: '0',
    leverage: 100,
    proLoss: input.proLoss ?? '1',
    closeReason: 'manual',
    createdAt: closeTime.minus({ hours: 1 }),
  })
}
