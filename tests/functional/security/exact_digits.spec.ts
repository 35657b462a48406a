/*
| Issue 21 item 7: "999999999.99999999" fits a rate's 9 integer digits and 8
| decimals, but SQLite keeps 15 significant digits and stored 1000000000.0
| while the audit row kept the text. Every decimal input refuses more digits
| than the columns hold exactly (422 under the field, nothing written), on
| both databases alike.
*/
import { test } from '@japa/runner'
import Order from '#models/order'
import LotOption from '#models/lot_option'
import Instrument from '#models/instrument'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount } from '#tests/helpers/audit'
import { openPosition } from '#tests/helpers/positions'
import { DEMO, demoUser } from '#tests/helpers/users'
import { EXACT_DIGITS_MESSAGE } from '#validators/rules'
import { updateTradeValidator } from '#validators/staff_trades'

const SEVENTEEN = '999999999.99999999'

test.group('Decimals with more digits than the columns keep exactly', (group) => {
  isolate(group)

  test('a trade correction: 422 under the field, the order and the audit log untouched', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const order = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    const before = await auditCount()
    for (const field of ['openRate', 'spread', 'profit', 'loss']) {
      const response = await api(client, 'put', `/admin/trades/${order.id}`, {
        [field]: SEVENTEEN,
      }).loginAs(await demoUser(DEMO.admin))
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], EXACT_DIGITS_MESSAGE)
    }
    const fresh = await Order.findOrFail(order.id)
    assert.equal(fresh.openRate, order.openRate)
    assert.equal(await auditCount(), before)
  })

  test("a customer's take profit and stop loss", async ({ client, assert }) => {
    const customer = await demoUser(DEMO.customer)
    const order = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    const response = await api(client, 'put', `/dashboard/orders/${order.id}`, {
      profit: SEVENTEEN,
      loss: '1.00000',
    }).loginAs(customer)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).profit, EXACT_DIGITS_MESSAGE)
    assert.isNull((await Order.findOrFail(order.id)).profit)
  })

  test('instrument prices and lot values', async ({ client, assert }) => {
    const admin = await demoUser(DEMO.admin)
    const instrument = await api(client, 'post', '/admin/instruments', {
      name: 'DIGITS_USD',
      base: 'DIGITS',
      quote: 'USD',
      category: 'crypto',
      bids: SEVENTEEN,
      asks: '1.26',
      tradingview: 'BINANCE',
      alias: 'Digits',
      leverage: 5,
      tradable: true,
      swap: '0',
    }).loginAs(admin)
    instrument.assertStatus(422)
    assert.equal(fieldErrors(instrument.body()).bids, EXACT_DIGITS_MESSAGE)
    assert.isNull(await Instrument.findBy('name', 'DIGITS_USD'))

    const lotsBefore = (await LotOption.all()).length
    const lots = await api(client, 'post', '/admin/lotSelector', {
      lotSelector: [{ label: 'many', value: '12345678.12345678' }],
    }).loginAs(admin)
    lots.assertStatus(422)
    assert.equal(fieldErrors(lots.body())['lotSelector.0.value'], EXACT_DIGITS_MESSAGE)
    assert.lengthOf(await LotOption.all(), lotsBefore)
  })

  test('15 significant digits still pass the rule; 16 do not', async ({ assert }) => {
    assert.deepEqual(await updateTradeValidator.validate({ openRate: '1234567.12345678' }), {
      openRate: '1234567.12345678',
    })
    await assert.rejects(() => updateTradeValidator.validate({ openRate: '12345678.12345678' }))
    assert.deepEqual(await updateTradeValidator.validate({ openRate: '0.00000001' }), {
      openRate: '0.00000001',
    })
  })
})
