import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Order from '#models/order'
import Balance from '#models/balance'
import { money, toDbDecimal } from '#domain/money'

/**
 * A position of 1,000 EUR_USD bought at 1.08450 with leverage 100 — open
 * by default, its margin added to the wallet as opening does; `closed` at
 * the same rate (no P/L, so no ledger entry is owed). Merge `userId` and
 * `balanceId`, and instrument fields for another market.
 */
export const OrderFactory = factory
  .define(Order, () => ({
    instrument: 'EUR_USD',
    baseSymbol: 'EUR',
    quoteSymbol: 'USD',
    kind: 'forex' as const,
    type: 'buy' as const,
    tradeAmount: '1000',
    openRate: '1.0845',
    spread: '0',
    exchangeRate: '1',
    marginUsed: '10.85',
    leverage: 100,
  }))
  .state('sell', (order) => void (order.type = 'sell'))
  .state('closed', (order) => {
    order.closeTime = DateTime.now()
    order.closeRate = order.openRate
    order.proLoss = '0'
    order.closeReason = 'manual'
  })
  .after('create', async (_, order, { $trx }) => {
    if (order.closeTime) return
    const wallet = await Balance.findOrFail(order.balanceId, $trx ? { client: $trx } : undefined)
    wallet.margin = toDbDecimal(money(wallet.margin).plus(order.marginUsed))
    if ($trx) wallet.useTransaction($trx)
    await wallet.save()
  })
  .build()
