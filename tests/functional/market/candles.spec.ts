import { test } from '@japa/runner'
import Candle from '#models/candle'
import Instrument from '#models/instrument'
import { money } from '#domain/money'
import priceBook from '#services/market/price_book'
import candleAggregator from '#services/market/candle_aggregator'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

const at = (iso: string) => Date.parse(iso)
const quote = (bids: string, iso: string) =>
  priceBook.put({
    name: 'EUR_USD',
    bids,
    asks: bids,
    closeoutBid: bids,
    closeoutAsk: bids,
    at: at(iso),
  })

test.group('Candles', (group) => {
  isolate(group)
  group.each.setup(async () => {
    candleAggregator.reset()
    // Start from no stored bars (the demo data seeds a daily history).
    await Candle.query().where('instrument', 'EUR_USD').delete()
    return () => {
      candleAggregator.reset()
      priceBook.clear()
    }
  })

  test('quotes become stored 1-minute and 1-day bars', async ({ assert }) => {
    const stop = candleAggregator.start()
    quote('1.08450', '2026-11-23T10:15:01Z')
    quote('1.08462', '2026-11-23T10:15:30Z')
    quote('1.08431', '2026-11-23T10:15:45Z')
    quote('1.08440', '2026-11-23T10:16:05Z')
    await stop()

    const minutes = await Candle.query()
      .where('instrument', 'EUR_USD')
      .where('interval', '1m')
      .orderBy('start_ms')
    assert.deepEqual(
      minutes.map((c) => [c.startMs, c.open, c.high, c.low, c.close, c.ticks]),
      [
        [at('2026-11-23T10:15:00Z'), '1.0845', '1.08462', '1.08431', '1.08431', 3],
        [at('2026-11-23T10:16:00Z'), '1.0844', '1.0844', '1.0844', '1.0844', 1],
      ]
    )
    const day = await Candle.query()
      .where('instrument', 'EUR_USD')
      .where('interval', '1d')
      .firstOrFail()
    assert.deepEqual(
      [day.open, day.high, day.low, day.close, day.ticks],
      ['1.0845', '1.08462', '1.08431', '1.0844', 4]
    )
  })

  test('after a restart the stored bar is extended, not overwritten', async ({ assert }) => {
    let stop = candleAggregator.start()
    quote('1.08450', '2026-11-23T09:00:00Z')
    quote('1.08600', '2026-11-23T09:30:00Z')
    await stop()
    candleAggregator.reset()

    stop = candleAggregator.start()
    quote('1.08300', '2026-11-23T12:00:00Z')
    await stop()
    const day = await Candle.query()
      .where('instrument', 'EUR_USD')
      .where('interval', '1d')
      .firstOrFail()
    assert.deepEqual(
      [day.open, day.high, day.low, day.close, day.ticks],
      ['1.0845', '1.086', '1.083', '1.083', 3]
    )
  })

  test('GET /dashboard/candles serves history oldest first in UTC seconds, daily by default', async ({
    client,
    assert,
  }) => {
    const stop = candleAggregator.start()
    quote('1.08450', '2026-11-23T10:15:01Z')
    quote('1.08500', '2026-11-24T10:15:01Z')
    await stop()
    const customer = await UserFactory.create()
    const response = await api(client, 'get', '/dashboard/candles/EUR_USD').loginAs(customer)
    response.assertStatus(200)
    assert.equal(response.body().interval, '1d')
    assert.deepEqual(
      response.body().candles.map((c: any) => [c.time, c.open, c.close]),
      [
        [at('2026-11-23T00:00:00Z') / 1000, '1.0845', '1.0845'],
        [at('2026-11-24T00:00:00Z') / 1000, '1.085', '1.085'],
      ]
    )
    const limited = await api(
      client,
      'get',
      '/dashboard/candles/EUR_USD?interval=1m&limit=1'
    ).loginAs(customer)
    assert.lengthOf(limited.body().candles, 1)
  })

  test('the demo data carries 120 daily bars ending at the current bid', async ({ assert }) => {
    const gbp = await Instrument.findByOrFail('name', 'GBP_USD')
    const bars = await Candle.query()
      .where('instrument', 'GBP_USD')
      .where('interval', '1d')
      .orderBy('start_ms', 'desc')
    assert.lengthOf(bars, 120)
    assert.equal(money(bars[0].close).toFixed(5), money(gbp.bids!).toFixed(5))
    for (const bar of bars) {
      assert.isTrue(
        money(bar.high).greaterThanOrEqualTo(money(bar.open)) &&
          money(bar.high).greaterThanOrEqualTo(money(bar.close))
      )
      assert.isTrue(
        money(bar.low).lessThanOrEqualTo(money(bar.open)) &&
          money(bar.low).lessThanOrEqualTo(money(bar.close))
      )
    }
  })

  test('an unknown instrument is 404; a bad interval or limit is 422', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const unknown = await api(client, 'get', '/dashboard/candles/NOPE_USD').loginAs(customer)
    unknown.assertStatus(404)
    const badInterval = await api(client, 'get', '/dashboard/candles/EUR_USD?interval=5s').loginAs(
      customer
    )
    badInterval.assertStatus(422)
    assert.equal(fieldErrors(badInterval.body()).interval, 'Interval must be 1m or 1d')
    const badLimit = await api(client, 'get', '/dashboard/candles/EUR_USD?limit=100000').loginAs(
      customer
    )
    badLimit.assertStatus(422)
  })
})
