import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import transmit from '@adonisjs/transmit/services/main'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { startSimulator } from '#services/market/simulator'
import { CONFLATE_MS, startPriceFanout } from '#services/market/price_fanout'
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

  test('fans out changed quotes as one conflated priceUpdate frame', async ({ assert }) => {
    const frames: any[] = []
    const original = transmit.broadcast.bind(transmit)
    transmit.broadcast = ((channel: string, payload: any) => {
      if (channel === 'prices') frames.push(payload)
    }) as typeof transmit.broadcast
    try {
      const stopFanout = startPriceFanout()
      for (let i = 0; i < 50; i++) {
        priceBook.put({ name: 'BTC_USD', bids: `67000.${i}`, asks: `67010.${i}`, closeoutBid: `67000.${i}`, closeoutAsk: `67010.${i}`, at: Date.now() })
      }
      await sleep(CONFLATE_MS + 100)
      stopFanout()
    } finally {
      transmit.broadcast = original
    }
    assert.lengthOf(frames, 1)
    assert.equal(frames[0].type, 'priceUpdate')
    assert.deepEqual(frames[0].instruments, [
      { name: 'BTC_USD', bids: '67000.49', asks: '67010.49', closeoutBid: '67000.49', closeoutAsk: '67010.49' },
    ])
  })
})
