import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Instrument from '#models/instrument'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import marketClock from '#services/market/market_clock'
import { placeOrder } from '#actions/orders/place_order'
import priceBook from '#services/market/price_book'
import { withSetting } from '#tests/helpers/database'
import { MARKETS_OPEN, quote } from '#tests/helpers/market'
import {
  freshCustomer,
  freshRealCustomer,
  settled,
  signedIn,
  staffSignedIn,
} from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'

/** A tradable crypto instrument `${base}_USD` at 10.00 / 10.01, leverage 5; the test deletes it. */
function cryptoAtTen(base: string) {
  return Instrument.create({
    name: `${base}_USD`,
    base,
    quote: 'USD',
    category: 'crypto',
    bids: '10',
    asks: '10.01',
    leverage: 5,
    tradable: true,
    tradingview: 'BINANCE',
    swap: '0',
  })
}

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts); each cleans up what it made. */

test.group('Catalog deletes racing customers', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    marketClock.pin(MARKETS_OPEN)
    priceBook.clear()
    const restoreKyc = await withSetting('kycTrade', 'off')
    return async () => {
      await restoreKyc()
      marketClock.unpin()
      priceBook.clear()
    }
  })

  test('a plan deleted while customers subscribe: nobody pays for a plan that is gone', async ({
    assert,
  }) => {
    const plan = await PricingPlan.create({ name: 'Race Plan', price: '10', forexLeverage: 100 })
    const customers = await Promise.all(Array.from({ length: 8 }, () => freshRealCustomer('100')))
    const sessions = await Promise.all(customers.map(({ user }) => signedIn(user)))
    const admin = await staffSignedIn(DEMO.admin)
    try {
      const [deleted, ...subscribed] = await Promise.all([
        admin.send('DELETE', `/admin/pricing/${plan.id}`),
        ...sessions.map((s) => s.post(`/dashboard/pricing/subscribe/${plan.id}`, {})),
      ])
      assert.include([200, 409], deleted.status, deleted.text)
      for (const r of subscribed) assert.include([200, 404], r.status, r.text)

      const still = await PricingPlan.find(plan.id)
      const subscribers = await User.query().where('pricing_table_id', plan.id)
      const charged = await LedgerEntry.query()
        .where('reference_type', 'pricing_plan')
        .where('reference_id', plan.id)
      if (deleted.status === 200) {
        assert.isNull(still)
        assert.lengthOf(charged, 0, 'a customer paid for a deleted plan')
      } else {
        assert.isNotNull(still)
        assert.isAbove(subscribers.length, 0)
        assert.include(JSON.parse(deleted.text).message, 'This plan cannot be deleted')
      }
      // Everyone charged holds the plan; every wallet equals its ledger.
      assert.equal(charged.length, subscribers.length)
      assert.equal(subscribed.filter((r) => r.status === 200).length, subscribers.length)
      for (const { wallet } of customers) await settled(assert, wallet.id)
    } finally {
      await db.from('users').where('pricing_table_id', plan.id).update({ pricing_table_id: null })
      await db.from('pricing_plans').where('id', plan.id).delete()
    }
  }).timeout(60_000)

  test('an instrument deleted while orders are placed on it: either refused with positions open, or no order lands on it', async ({
    assert,
  }) => {
    const instrument = await cryptoAtTen('RACE')
    quote('RACE_USD', '10.00', '10.01')
    const { user, wallet } = await freshCustomer('10000')
    const customer = await signedIn(user)
    const admin = await staffSignedIn(DEMO.admin)
    try {
      const [deleted, ...orders] = await Promise.all([
        admin.send('DELETE', `/admin/instruments/${instrument.id}`),
        ...Array.from({ length: 12 }, () =>
          customer.post('/dashboard/orders', { type: 'buy', instrument: 'RACE_USD', amount: '1' })
        ),
      ])
      assert.include([200, 409], deleted.status, deleted.text)
      for (const r of orders) assert.include([201, 422], r.status, r.text)

      const open = await Order.query().where('instrument', 'RACE_USD').whereNull('close_time')
      assert.equal(open.length, orders.filter((r) => r.status === 201).length)
      if (deleted.status === 200) {
        assert.isNull(await Instrument.find(instrument.id))
        assert.lengthOf(open, 0, 'an order landed on a deleted instrument')
      } else {
        assert.isNotNull(await Instrument.find(instrument.id))
        assert.isAbove(open.length, 0)
      }
      await settled(assert, wallet.id)
    } finally {
      await db.from('orders').where('instrument', 'RACE_USD').delete()
      await db.from('instruments').where('name', 'RACE_USD').delete()
      await db.from('balances').where('id', wallet.id).update({ margin: '0' })
    }
  }).timeout(60_000)

  test('a price write in progress holds no order back; a staff edit in progress does, and the order sees it', async ({
    assert,
  }) => {
    const instrument = await cryptoAtTen('LOCK')
    quote('LOCK_USD', '10.00', '10.01')
    const { user, wallet } = await freshCustomer('10000')
    const order = () =>
      placeOrder({
        user,
        type: 'buy',
        instrument: 'LOCK_USD',
        amount: '1',
        profit: null,
        loss: null,
      })
    const within = <T>(promise: Promise<T>, ms: number) =>
      Promise.race([
        promise,
        new Promise<'waiting'>((done) => setTimeout(() => done('waiting'), ms)),
      ])
    try {
      // The market role's price write: a plain update, uncommitted while the order is placed.
      const prices = await db.transaction()
      await prices.from('instruments').where('id', instrument.id).update({ bids: '10.5' })
      try {
        const placed = await within(order(), 3000)
        assert.notEqual(placed, 'waiting', 'the order waited for a price write')
      } finally {
        await prices.rollback()
      }

      // A staff edit locks the row FOR UPDATE first: the order waits for it, then sees its result.
      const edit = await db.transaction()
      await edit.from('instruments').where('id', instrument.id).forUpdate().first()
      await edit.from('instruments').where('id', instrument.id).update({ tradable: false })
      const blocked = order().then(
        () => 'placed',
        (error: Error) => error.message
      )
      try {
        assert.equal(await within(blocked, 500), 'waiting')
      } finally {
        await edit.commit()
      }
      assert.equal(await blocked, 'This instrument is not tradable')
      assert.lengthOf(await Order.query().where('instrument', 'LOCK_USD'), 1)
      await settled(assert, wallet.id)
    } finally {
      await db.from('orders').where('instrument', 'LOCK_USD').delete()
      await db.from('instruments').where('name', 'LOCK_USD').delete()
      await db.from('balances').where('id', wallet.id).update({ margin: '0' })
    }
  })
    .skip(db.connection().dialect.name !== 'postgres', 'PostgreSQL only (SQLite has no row locks)')
    .timeout(30_000)

  test('the same new instrument sent ten times at once is added once; the others are told the name exists', async ({
    assert,
  }) => {
    const admin = await staffSignedIn(DEMO.admin)
    const body = {
      name: 'TWIN_USD',
      base: 'TWIN',
      quote: 'USD',
      category: 'crypto',
      tradingview: 'BINANCE',
      leverage: 5,
      tradable: true,
    }
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => admin.post('/admin/instruments', body))
      )
      assert.equal(
        responses.filter((r) => r.status === 201).length,
        1,
        responses.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join('\n')
      )
      for (const refused of responses.filter((r) => r.status !== 201)) {
        assert.equal(refused.status, 422, refused.text)
        assert.equal(refused.body.errors[0].message, 'An instrument with this name already exists')
      }
      assert.lengthOf(await Instrument.query().where('name', 'TWIN_USD'), 1)
    } finally {
      await db.from('instruments').where('name', 'TWIN_USD').delete()
    }
  })
})
