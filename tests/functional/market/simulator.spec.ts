import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { startSimulator } from '#services/market/simulator'
import { compareDecimalStrings } from '#domain/decimal_strings'
import { isolate } from '#tests/helpers/isolation'

const SATURDAY = () => DateTime.fromISO('2026-11-21T12:00', { zone: 'America/New_York' })
const MONDAY = () => DateTime.fromISO('2026-11-23T12:00', { zone: 'America/New_York' })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test.group('Market simulator', (group) => {
  isolate(group)
  group.each.setup(() => () => priceBook.clear())

  test('quotes every instrument at its stored price on start', async ({ assert }) => {
    const stop = await startSimulator({ random: () => 0.99, now: SATURDAY })
    stop()
    const eur = priceBook.get('EUR_USD')!
    const stored = await Instrument.findByOrFail('name', 'EUR_USD')
    assert.equal(compareDecimalStrings(eur.bids, stored.bids!), 0)
    assert.equal(compareDecimalStrings(eur.asks, stored.asks!), 0)
  })

  test('moves open markets only: crypto on a Saturday, not forex', async ({ assert }) => {
    const stop = await startSimulator({ random: () => 0, now: SATURDAY })
    const btcBefore = priceBook.get('BTC_USD')!.bids
    const eurBefore = priceBook.get('EUR_USD')!.bids
    await sleep(350)
    stop()
    assert.equal(compareDecimalStrings(priceBook.get('BTC_USD')!.bids, btcBefore), -1)
    assert.equal(priceBook.get('EUR_USD')!.bids, eurBefore)
  })

  test('keeps each instrument spread while it walks', async ({ assert }) => {
    const stop = await startSimulator({ random: () => 0, now: MONDAY })
    const spread = (name: string) => {
      const q = priceBook.get(name)!
      return [q.bids, q.asks]
    }
    const [bid0, ask0] = spread('USD_JPY')
    await sleep(350)
    stop()
    const [bid1, ask1] = spread('USD_JPY')
    // 3 decimals: the spread in ticks is unchanged.
    const ticks = (s: string) => Number(s.replace('.', ''))
    assert.notEqual(bid1, bid0)
    assert.equal(ticks(ask1) - ticks(bid1), ticks(ask0) - ticks(bid0))
  })
})
