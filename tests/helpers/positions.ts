import Order from '#models/order'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import type User from '#models/user'
import { money, roundCurrency, toDbDecimal } from '#domain/money'

/**
 * Opens a position directly in the database (the order engine arrives with the
 * trading issue): `amount` units at the instrument's current ask or bid, with
 * the margin it uses added to the wallet.
 */
export async function openPosition(
  user: User,
  input: { instrument: string; type: 'buy' | 'sell'; amount: string }
) {
  const instrument = await Instrument.findByOrFail('name', input.instrument)
  const wallet = await Balance.findOrFail(user.activeBalanceId!)
  const openRate = input.type === 'buy' ? instrument.asks! : instrument.bids!
  const leverage = instrument.leverage || 1
  const marginUsed = roundCurrency(money(openRate).times(input.amount).dividedBy(leverage))
  const order = await Order.create({
    userId: user.id,
    balanceId: wallet.id,
    instrumentId: instrument.id,
    instrument: instrument.name,
    baseSymbol: instrument.base,
    quoteSymbol: instrument.quote,
    kind: instrument.category,
    type: input.type,
    tradeAmount: input.amount,
    openRate,
    spread: '0',
    exchangeRate: '1',
    marginUsed: toDbDecimal(marginUsed),
    leverage,
  })
  wallet.margin = toDbDecimal(money(wallet.margin).plus(marginUsed))
  await wallet.save()
  return order
}
