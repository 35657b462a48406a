import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import Rollover from '#models/rollover'
import SwapCharge from '#models/swap_charge'
import { applyRollover } from '#actions/swaps/apply_rollover'
import { RolloverPricing, type PositionSize } from '#actions/swaps/rollover_pricing'
import { DEFAULT_TRIPLE_DAYS } from '#domain/swaps'
import { LeaseLostError } from '#services/market/market_lease'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { openMarkets } from '#tests/helpers/market'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { assertWalletChained, pastPosition, swapTerms, walletIn } from './swap_fixtures.js'
import { swapOf } from '#tests/helpers/swaps'

// 2025-01-14 is a Tuesday, the 15th a Wednesday (forex's triple day), the 18th a Saturday.
const TUESDAY = '2025-01-14'
const WEDNESDAY = '2025-01-15'
const SATURDAY = '2025-01-18'

async function swapsOf(orderId: number) {
  return LedgerEntry.query()
    .where('reference_type', 'order')
    .where('reference_id', orderId)
    .where('type', 'swap')
}

test.group('rollover: what each position pays', (group) => {
  isolate(group)
  openMarkets(group)

  test('a long pays the long rate on its bid, a short earns the short rate on its ask', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '2', bid: '1.10000', ask: '1.10010' })
    const long = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '100000',
    })
    const short = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'sell',
      amount: '100000',
    })
    const before = money((await Balance.findOrFail(long.balanceId)).balance)

    const result = await applyRollover(TUESDAY)

    assert.equal(result.charged, 2)
    // 100,000 × 1.10000 × −5 / 100 / 360 = −15.2777… → −15.28
    assert.equal(money(await swapOf(long.id)).toFixed(2), '-15.28')
    // 100,000 × 1.10010 × 2 / 100 / 360 = 6.1116… → 6.11
    assert.equal(money(await swapOf(short.id)).toFixed(2), '6.11')
    const [entry] = await swapsOf(long.id)
    assert.equal(entry.description, `Swap EUR_USD ${TUESDAY}`)
    assert.isNull(entry.createdById)
    const charge = await SwapCharge.findByOrFail('order_id', long.id)
    assert.equal(charge.ledgerEntryId, entry.id)
    assert.equal(charge.days, 1)
    assert.equal(money(charge.rate).toFixed(), '-5')
    assert.equal(money(charge.notional).toFixed(2), '110000.00')
    const wallet = await Balance.findOrFail(long.balanceId)
    assert.equal(money(wallet.balance).minus(before).toFixed(2), '-9.17')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
    const rollover = await Rollover.findByOrFail('rollover_date', TUESDAY)
    assert.equal(rollover.positions, 2)
    assert.isNotNull(rollover.finishedAt)
    assert.deepEqual(result.totals, { USD: '-9.17' })
  })

  test('the triple day charges three days; an empty side rate charges the spec swap', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: null, bid: '1.10000', ask: '1.10010' })
    await Instrument.query().where('name', 'EUR_USD').update({ swap: '1.5' })
    const long = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '100000',
    })
    const short = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'sell',
      amount: '10000',
    })

    await applyRollover(WEDNESDAY)

    // 110,000 × −5 / 36,000 × 3 = −45.8333… → −45.83
    assert.equal(money(await swapOf(long.id)).toFixed(2), '-45.83')
    const [entry] = await swapsOf(long.id)
    assert.equal(entry.description, `Swap EUR_USD ${WEDNESDAY} (×3)`)
    // The spec swap 1.5 % charged: 11,001 × −1.5 / 36,000 × 3 = −1.375125 → −1.38
    assert.equal(money(await swapOf(short.id)).toFixed(2), '-1.38')
  })

  test('on a Saturday only crypto rolls', async ({ assert }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    await swapTerms('BTC_USD', { long: '-20', short: '-20', bid: '60000', ask: '60050' })
    const fx = await pastPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '1000' })
    const btc = await pastPosition(customer, { instrument: 'BTC_USD', type: 'buy', amount: '0.5' })

    const result = await applyRollover(SATURDAY)

    assert.equal(result.charged, 1)
    assert.lengthOf(await swapsOf(fx.id), 0)
    // 0.5 × 60,000 × −20 / 36,000 = −16.6666… → −16.67, one day (crypto has no triple day)
    assert.equal(money(await swapOf(btc.id)).toFixed(2), '-16.67')
  })

  test('a swap-free plan pays nothing; closed before or opened after the rollover is not charged', async ({
    assert,
  }) => {
    const plan = await PricingPlan.create({ name: 'Standard', price: '0', swapFree: false })
    const customer = await UserFactory.apply('funded').merge({ pricingTableId: plan.id }).create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    // 17:00 New York on 2025-01-14 is 22:00 UTC.
    const closedBefore = await pastPosition(
      customer,
      { instrument: 'EUR_USD', type: 'buy', amount: '1000' },
      { closedAt: '2025-01-14 21:59:59' }
    )
    const closedAfter = await pastPosition(
      customer,
      { instrument: 'EUR_USD', type: 'buy', amount: '1000' },
      { closedAt: '2025-01-14 22:00:01' }
    )
    const openedAfter = await pastPosition(
      customer,
      { instrument: 'EUR_USD', type: 'buy', amount: '1000' },
      { openedAt: '2025-01-14 22:00:01' }
    )
    const openedAt = await pastPosition(
      customer,
      { instrument: 'EUR_USD', type: 'buy', amount: '1000' },
      { openedAt: '2025-01-14 22:00:00' }
    )

    await applyRollover(TUESDAY)
    assert.lengthOf(await swapsOf(closedBefore.id), 0)
    assert.lengthOf(await swapsOf(closedAfter.id), 1)
    assert.lengthOf(await swapsOf(openedAfter.id), 0)
    assert.lengthOf(await swapsOf(openedAt.id), 1)

    await PricingPlan.query().where('id', customer.pricingTableId!).update({ swap_free: true })
    const free = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    const result = await applyRollover(WEDNESDAY)
    assert.equal(result.charged, 0)
    assert.lengthOf(await swapsOf(free.id), 0)
  })

  test('a JPY-quoted pair in a USD wallet and a USD-quoted pair in a EUR wallet are converted', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('USD_JPY', { long: '-10', short: '3', bid: '150.000', ask: '150.020' })
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    const jpy = await pastPosition(customer, { instrument: 'USD_JPY', type: 'buy', amount: '1000' })
    const eurWallet = await walletIn(customer, 'EUR', '5000')
    const inEur = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '10000',
    })
    assert.equal(inEur.balanceId, eurWallet.id)

    await applyRollover(TUESDAY)

    // 1,000 × 150.000 ÷ 150.010 (USD_JPY mid) × −10 / 36,000 = −0.27776… → −0.28 USD
    assert.equal(money(await swapOf(jpy.id)).toFixed(2), '-0.28')
    // 10,000 × 1.10000 ÷ 1.10005 (EUR_USD mid) × −5 / 36,000 = −1.38882… → −1.39 EUR
    assert.equal(money(await swapOf(inEur.id)).toFixed(2), '-1.39')
    assert.equal(money((await Balance.findOrFail(eurWallet.id)).balance).toFixed(2), '4998.61')
    assert.isTrue(await balanceMatchesLedger(eurWallet.id))
  })
})

test.group('rollover: pricing by size', (group) => {
  isolate(group)
  openMarkets(group)

  test('two positions of one size but of two kinds (an instrument that changed category) are priced by their own days', async ({
    assert,
  }) => {
    await swapTerms('EUR_USD', { long: '-5', short: '2', bid: '1.10000', ask: '1.10010' })
    const pricing = await RolloverPricing.load(WEDNESDAY, DEFAULT_TRIPLE_DAYS)
    const size = { instrument: 'EUR_USD', type: 'buy', currency: 'USD', tradeAmount: '100000' }
    const asForex = pricing.priceSize({ ...size, kind: 'forex' } as PositionSize)
    const asCrypto = pricing.priceSize({ ...size, kind: 'crypto' } as PositionSize)
    assert.notOk(asForex === 'none' || asForex === 'unpriced')
    assert.notOk(asCrypto === 'none' || asCrypto === 'unpriced')
    if (asForex === 'none' || asForex === 'unpriced') return
    if (asCrypto === 'none' || asCrypto === 'unpriced') return
    // Wednesday: forex's triple day; crypto rolls every day, one at a time.
    assert.equal(asForex.days, 3)
    assert.equal(asCrypto.days, 1)
    // 100,000 × 1.10000 × −5 / 100 / 360 = −15.28 a day
    assert.equal(asForex.amount.toFixed(2), '-45.83')
    assert.equal(asCrypto.amount.toFixed(2), '-15.28')
  })
})

test.group('rollover: exactly once', (group) => {
  isolate(group)
  openMarkets(group)

  test('a second run of the same day charges nothing', async ({ assert }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    const order = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '100000',
    })

    assert.equal((await applyRollover(TUESDAY)).charged, 1)
    assert.equal((await applyRollover(TUESDAY)).charged, 0)
    assert.lengthOf(await swapsOf(order.id), 1)
    assert.equal(money(await swapOf(order.id)).toFixed(2), '-15.28')
    assert.isTrue(await balanceMatchesLedger(order.balanceId))
  })

  test('a run cut short (the lease lost mid-way) is resumed by the next run, nothing twice', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    const orders = []
    for (let i = 0; i < 5; i++) {
      orders.push(
        await pastPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '1000' })
      )
    }
    // The fence passes the start and two batches of one (on PostgreSQL, one of them may be the
    // empty second lane's), then the lease is gone.
    let calls = 0
    const fence = async () => {
      if (++calls > 3) throw new LeaseLostError('another holder')
    }
    await assert.rejects(() => applyRollover(TUESDAY, { fence, batchSize: 1 }))
    const cut = (await SwapCharge.query().where('rollover_date', TUESDAY)).length
    assert.include([1, 2], cut)
    assert.isNull((await Rollover.findByOrFail('rollover_date', TUESDAY)).finishedAt)

    const resumed = await applyRollover(TUESDAY, { batchSize: 2 })
    assert.equal(resumed.charged, 5 - cut)
    for (const order of orders) assert.lengthOf(await swapsOf(order.id), 1)
    const rollover = await Rollover.findByOrFail('rollover_date', TUESDAY)
    assert.equal(rollover.positions, 5)
    assert.isNotNull(rollover.finishedAt)
    assert.isTrue(await balanceMatchesLedger(orders[0].balanceId))
  })

  test('the command run twice charges once; a dry run writes nothing; a bad date exits 1', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    const order = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '100000',
    })
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')

    const dry = await ace.exec('market:rollover', [`--date=${TUESDAY}`, '--dry-run'])
    assert.equal(dry.exitCode, 0)
    assert.lengthOf(await swapsOf(order.id), 0)
    assert.isNull(await Rollover.findBy('rollover_date', TUESDAY))
    const logs = ace.ui.logger.getLogs().map((l) => l.message)
    assert.isTrue(logs.some((m) => m.includes(`#${order.id}`) && m.includes('amount -15.28')))

    assert.equal((await ace.exec('market:rollover', [`--date=${TUESDAY}`])).exitCode, 0)
    assert.equal((await ace.exec('market:rollover', [`--date=${TUESDAY}`])).exitCode, 0)
    assert.lengthOf(await swapsOf(order.id), 1)
    const done = ace.ui.logger.getLogs().map((l) => l.message)
    assert.isTrue(done.some((m) => m.includes('0 positions charged')))

    for (const bad of [[], ['--date=2025-13-40'], ['--date=tomorrow'], ['--date=2999-01-01']]) {
      const run = await ace.exec('market:rollover', bad)
      assert.equal(run.exitCode, 1, bad.join(' '))
    }
  })
})

test.group('rollover: batches', (group) => {
  isolate(group)
  openMarkets(group)

  test('batches cut at wallets: every claim links its own entry, each wallet a running chain', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    const newcomer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-3', bid: '1.10000', ask: '1.10010' })
    const positions: Order[] = []
    for (const [user, count] of [
      [customer, 3],
      [newcomer, 4],
    ] as const) {
      for (let i = 0; i < count; i++) {
        positions.push(
          await pastPosition(user, {
            instrument: 'EUR_USD',
            type: i % 2 === 0 ? 'buy' : 'sell',
            amount: String(1000 * (i + 1)),
          })
        )
      }
    }
    const eurWallet = await walletIn(customer, 'EUR', '5000')
    positions.push(
      await pastPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '2000' }),
      // Closed after the instant: still charged, by the second pass.
      await pastPosition(
        customer,
        { instrument: 'EUR_USD', type: 'sell', amount: '3000' },
        { closedAt: '2025-01-15 09:00:00' }
      )
    )

    // Batches of 3: the first wallet's three positions, the second's four in two, and so on.
    const result = await applyRollover(TUESDAY, { batchSize: 3 })
    assert.equal(result.charged, positions.length)

    for (const order of positions) {
      const claim = await SwapCharge.query()
        .where('order_id', order.id)
        .where('rollover_date', TUESDAY)
        .firstOrFail()
      const entry = await LedgerEntry.findOrFail(claim.ledgerEntryId)
      assert.equal(entry.referenceId, order.id)
      assert.equal(entry.type, 'swap')
      assert.equal(money(entry.amount).toFixed(2), money(claim.amount).toFixed(2))
      assert.equal(money(await swapOf(order.id)).toFixed(2), money(claim.amount).toFixed(2))
    }
    for (const walletId of new Set([...positions.map((p) => p.balanceId), eurWallet.id]))
      await assertWalletChained(assert, walletId)
    assert.equal((await applyRollover(TUESDAY, { batchSize: 3 })).charged, 0)
  })
})
