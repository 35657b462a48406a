import transmit from '@adonisjs/transmit/services/main'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import type User from '#models/user'
import marketEvents from '#services/market/market_events'
import { holdFunds } from '#services/ledger_service'
import { money } from '#domain/money'
import { api } from '#tests/helpers/http'
import { quote } from '#tests/helpers/market'

/** Places a market order as the customer does (POST /dashboard/orders) at the given quote. */
export async function placeTrade(
  client: ApiClient,
  customer: User,
  input: {
    instrument?: string
    type?: 'buy' | 'sell'
    amount?: string
    bid: string
    ask: string
    profit?: string
    loss?: string
  }
) {
  const instrument = input.instrument ?? 'EUR_USD'
  quote(instrument, input.bid, input.ask)
  const response = await api(client, 'post', '/dashboard/orders', {
    type: input.type ?? 'buy',
    instrument,
    amount: input.amount ?? '10000',
    profit: input.profit ?? null,
    loss: input.loss ?? null,
  }).loginAs(customer)
  if (response.status() !== 201)
    throw new Error(`order refused: ${response.status()} ${response.text()}`)
  return Order.findOrFail(response.body().order.id)
}

/** Closes an order as the customer does, at the given quote. */
export async function closeAsCustomer(
  client: ApiClient,
  customer: User,
  order: Order,
  bid: string,
  ask: string
) {
  quote(order.instrument, bid, ask)
  const response = await api(client, 'post', '/dashboard/orders/close', {
    orderId: order.id,
    instrument: order.instrument,
  }).loginAs(customer)
  if (response.status() !== 200)
    throw new Error(`close refused: ${response.status()} ${response.text()}`)
  return Order.findOrFail(order.id)
}

/** The ledger entries that name an order, oldest first. */
export function orderEntries(orderId: number) {
  return LedgerEntry.query()
    .where('reference_type', 'order')
    .where('reference_id', orderId)
    .orderBy('id', 'asc')
}

/** A wallet's balance, margin and on-hold as fixed strings, and how many ledger entries it has: to show that nothing moved. */
export async function walletState(balanceId: number) {
  const wallet = await Balance.findOrFail(balanceId)
  const entries = await LedgerEntry.query().where('balance_id', balanceId).count('* as n')
  return {
    balance: money(wallet.balance).toFixed(2),
    margin: money(wallet.margin).toFixed(2),
    onHold: money(wallet.onHold).toFixed(2),
    entries: Number(entries[0].$extras.n),
  }
}

/** Puts all but `leave` of the wallet's free balance on hold (as a pending withdrawal would). */
export async function holdAllBut(balanceId: number, leave: string) {
  const wallet = await Balance.findOrFail(balanceId)
  const free = money(wallet.balance)
    .minus(money(wallet.margin))
    .minus(money(wallet.onHold))
    .minus(money(leave))
  await db.transaction((trx) => holdFunds(trx, balanceId, free.toFixed(2)))
}

/** Records what is broadcast and which order events fire while `run` runs. */
export async function recorded<T>(run: () => Promise<T>) {
  const sent: { channel: string; payload: any }[] = []
  const events: { name: 'opened' | 'changed' | 'closed'; args: unknown[] }[] = []
  const original = transmit.broadcast.bind(transmit)
  transmit.broadcast = ((channel: string, payload: any) => {
    sent.push({ channel, payload })
  }) as typeof transmit.broadcast
  const listeners = [
    marketEvents.on('order.opened', (e) => events.push({ name: 'opened', args: [e.orderId] })),
    marketEvents.on('order.changed', (e) => events.push({ name: 'changed', args: [e.orderId] })),
    marketEvents.on('order.closed', (e) =>
      events.push({ name: 'closed', args: [e.orderId, e.balanceId] })
    ),
  ]
  try {
    return { result: await run(), sent, events }
  } finally {
    transmit.broadcast = original
    listeners.forEach((off) => off())
  }
}
