import db from '@adonisjs/lucid/services/db'
import type { Assert } from '@japa/assert'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import { money } from '#domain/money'
import { balanceMatchesLedger } from '#tests/helpers/users'
import Instrument from '#models/instrument'
import Order from '#models/order'
import type User from '#models/user'
import { openPosition } from '#tests/helpers/positions'
import { quote } from '#tests/helpers/market'
import { postEntry } from '#services/ledger_service'

/** Before every rollover day the swap tests use (2025): only these tests' positions are open then. */
export const LONG_AGO = '2025-01-10 12:00:00'

/** Sets an instrument's side rates (annual %, positive = credit) and its quote. */
export async function swapTerms(
  name: string,
  terms: { long: string | null; short: string | null; bid: string; ask: string }
) {
  await Instrument.query().where('name', name).update({
    swap_long: terms.long,
    swap_short: terms.short,
    bids: terms.bid,
    asks: terms.ask,
  })
  quote(name, terms.bid, terms.ask)
}

/** A position opened on `openedAt` (default: before every tested day), optionally closed on `closedAt`. */
export async function pastPosition(
  user: User,
  input: { instrument: string; type: 'buy' | 'sell'; amount: string },
  times: { openedAt?: string; closedAt?: string } = {}
) {
  const order = await openPosition(user, input)
  await db
    .from('orders')
    .where('id', order.id)
    .update({
      created_at: times.openedAt ?? LONG_AGO,
      ...(times.closedAt
        ? { close_time: times.closedAt, close_rate: order.openRate, pro_loss: '0' }
        : {}),
    })
  return Order.findOrFail(order.id)
}

/** A wallet of `user` in `currency` (made active), funded directly. */
export async function walletIn(user: User, currency: string, balance: string) {
  const wallet = await Balance.create({
    userId: user.id,
    mode: 'demo',
    currency,
    balance: '0',
    margin: '0',
    onHold: '0',
    version: 0,
  })
  await db.transaction((trx) =>
    postEntry(trx, { balanceId: wallet.id, type: 'demo_credit', amount: balance })
  )
  user.activeBalanceId = wallet.id
  await user.save()
  return Balance.findOrFail(wallet.id)
}

/**
 * The wallet's ledger is one running chain (each entry's balance_after is the one before plus its
 * amount), its latest entry carries the wallet's balance, and the balance is the entries' sum.
 */
export async function assertWalletChained(assert: Assert, walletId: number) {
  const entries = await LedgerEntry.query().where('balance_id', walletId).orderBy('id')
  for (let i = 1; i < entries.length; i++) {
    assert.equal(
      money(entries[i].balanceAfter).toFixed(2),
      money(entries[i - 1].balanceAfter)
        .plus(entries[i].amount)
        .toFixed(2),
      `wallet ${walletId}, entry ${entries[i].id}`
    )
  }
  const wallet = await Balance.findOrFail(walletId)
  assert.equal(money(entries.at(-1)!.balanceAfter).toFixed(2), money(wallet.balance).toFixed(2))
  assert.isTrue(await balanceMatchesLedger(walletId))
}
