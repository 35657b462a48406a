import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import Order from '#models/order'
import type User from '#models/user'
import PricingPlan from '#models/pricing_plan'
import { RiskEngine } from '#services/market/risk_engine'
import { postEntry } from '#services/ledger_service'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { UserFactory } from '#database/factories/user_factory'

/*
| The risk engine hears money moved by any writer (issue 22 §2): a ledger
| write announces `wallet.changed` after its commit, and the engine re-reads
| a wallet it holds, so a debit that brings an account to its stop-out acts
| without waiting for a re-read of the whole book.
*/

async function place(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await api(client, 'post', '/dashboard/orders', body).loginAs(user)
  if (response.status() !== 201) throw new Error(`order refused: ${response.text()}`)
  return response.body().order.id as number
}

test.group('risk engine: wallet news', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(async () => {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return () => engine.stop()
  })

  test('a debit that brings a held wallet to its stop-out closes the position, with no price move', async ({
    client,
    assert,
  }) => {
    // A customer with 1,000 USD and nothing open (Silver plan: stock leverage 10, stop-out 40),
    // KYC approved so that it may trade.
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const customer = await UserFactory.apply('funded', 'kycApproved')
      .merge({ pricingTableId: silver.id })
      .create()
    const walletId = customer.activeBalanceId!
    await Balance.query().where('id', walletId).update({ balance: '1000', margin: '0' })
    quote('AAPL', '100.00', '100.00')
    const id = await place(client, customer, { type: 'buy', instrument: 'AAPL', amount: '40' }) // margin 400
    quote('AAPL', '90.00', '90.00') // equity 1,000 − 400 = 600: level 150 %
    await engine.idle()
    assert.isNull((await Order.findOrFail(id)).closeTime)

    // Any writer of the ledger (here a bare entry): balance 500, equity 100, level 25 % ≤ 40 %.
    await db.transaction((trx) =>
      postEntry(trx, { balanceId: walletId, type: 'admin_adjustment', amount: '-500.00' })
    )
    quote('AAPL', '90.00', '90.00') // the same price
    await engine.idle()
    assert.equal((await Order.findOrFail(id)).closeReason, 'stop_out')
  })
})
