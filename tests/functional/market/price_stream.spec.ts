import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import { Writable } from 'node:stream'
import type { ApiClient } from '@japa/api-client'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import priceBook from '#services/market/price_book'
import priceStream, {
  RELAY_CHANNEL,
  type FrameQuote,
  type FrameRelay,
} from '#services/market/price_stream'
import { CONFLATE_MS, flushPrices, startPriceFanout } from '#services/market/price_fanout'
import type { Category } from '#domain/instruments'
import {
  decodeQuotes,
  priceCategoryChannel,
  priceInstrumentChannel,
  type QuoteTuple,
} from '#domain/price_frames'
import { isolate } from '#tests/helpers/isolation'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const HOST = env.get('HOST')
const PORT = env.get('PORT')

const FOREX = priceCategoryChannel('forex')
const CRYPTO = priceCategoryChannel('crypto')

/** Subscribers of a price channel in this process (forex by default). */
const priceSubscribers = (channel = FOREX) => transmit.getManager().findByChannel(channel)

async function until(check: () => boolean, what: string, timeout = 3000) {
  const deadline = Date.now() + timeout
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

function quote(name: string, bids: string, asks: string, category: Category = 'forex') {
  priceBook.put({
    name,
    bids,
    asks,
    closeoutBid: bids,
    closeoutAsk: asks,
    at: Date.now(),
    category,
  })
}

/** n forex quotes SYN_0… whose bid and ask are `{i}.{tag}`. */
function frameOf(n: number, tag: string): FrameQuote[] {
  const quotes: FrameQuote[] = []
  for (let i = 0; i < n; i++) {
    const p = `${i}.${tag}`
    quotes.push({ name: `SYN_${i}`, bids: p, asks: p, category: 'forex' })
  }
  return quotes
}

/**
 * A tab as the browser opens it: the Transmit event stream (GET
 * /__transmit/events) read as SSE, then subscriptions to price channels
 * through POST /__transmit/subscribe with a CSRF token and no signed-in user.
 */
async function openTab(client: ApiClient, channels: string[] = [FOREX]) {
  const uid = randomUUID()
  const events: { raw: string; data: any }[] = []
  let response!: http.IncomingMessage
  const request = http.get({
    host: HOST,
    port: PORT,
    path: `/__transmit/events?uid=${uid}`,
    agent: false,
  })
  await new Promise<void>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (res) => {
      response = res
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const raw = buffer.slice(0, end + 2)
          buffer = buffer.slice(end + 2)
          const data = raw
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n')
          if (data) events.push({ raw, data: JSON.parse(data) })
        }
      })
      res.on('error', () => {})
      resolve()
    })
  })
  for (const channel of channels) {
    const before = priceSubscribers(channel).size
    const subscribed = await client
      .post('/__transmit/subscribe')
      .header('Accept', 'application/json')
      .json({ uid, channel })
      .withCsrfToken()
    subscribed.assertStatus(204)
    await until(() => priceSubscribers(channel).size === before + 1, 'the subscription')
  }
  return {
    uid,
    response,
    /** The price channel messages received, in order. */
    prices: () => events.filter((e) => String(e.data.channel).startsWith('prices/')),
    /** The names of the instruments of each price message, in order. */
    names: () =>
      events
        .filter((e) => String(e.data.channel).startsWith('prices/'))
        .map((e) => (e.data.payload as QuoteTuple[]).map((t) => t[0])),
    close: () => request.destroy(),
  }
}

/**
 * What a paused stream holds besides Transmit's own keep-alive pings (one every
 * 30 s, queued like any write): no price frame may wait in memory.
 */
function queuedFrames(stream: object) {
  const buffered = (stream as { readableBuffer: Iterable<unknown> }).readableBuffer
  return [...buffered].map(String).filter((item) => !item.includes('$$transmit/ping'))
}

test.group('Price stream', (group) => {
  isolate(group)
  group.each.setup(() => {
    priceStream.reset()
    priceBook.clear()
    return async () => {
      // Tabs closed by a test leave once the server sees their sockets close.
      await until(() => priceSubscribers().size === 0, 'closed tabs to leave')
      priceBook.clear()
      priceStream.reset()
    }
  })

  test('a visitor subscribed to price channels gets conflated frames of compact quotes', async ({
    client,
    assert,
  }) => {
    const tab = await openTab(client, [FOREX, CRYPTO])
    const stop = startPriceFanout()
    try {
      for (let i = 0; i < 50; i++) quote('BTC_USD', `67000.${i}`, `67010.${i}`, 'crypto')
      quote('EUR_USD', '1.08450', '1.08462')
      quote('GBP_USD', '1.2', '1.21') // digits that differ: the ask goes as its own string
      await until(() => tab.prices().length === 2, 'the first frame', CONFLATE_MS * 4)
      await sleep(CONFLATE_MS + 50)
      // 52 ticks, one frame: the latest quote of each instrument that changed, one message per channel.
      assert.lengthOf(tab.prices(), 2)
      const byChannel = Object.fromEntries(tab.prices().map((e) => [e.data.channel, e.data]))
      assert.deepEqual(byChannel[CRYPTO], {
        channel: CRYPTO,
        payload: [['BTC_USD', '67000.49', 1000]],
      })
      assert.deepEqual(byChannel[FOREX], {
        channel: FOREX,
        payload: [
          ['EUR_USD', '1.08450', 12],
          ['GBP_USD', '1.2', '1.21'],
        ],
      })
      // The browser's decoder gives back the exact strings.
      assert.deepEqual(decodeQuotes(byChannel[FOREX].payload), [
        { name: 'EUR_USD', bids: '1.08450', asks: '1.08462' },
        { name: 'GBP_USD', bids: '1.2', asks: '1.21' },
      ])

      // A tick that leaves bid and ask as they were sends nothing.
      quote('EUR_USD', '1.08450', '1.08462')
      await sleep(CONFLATE_MS * 2 + 50)
      assert.lengthOf(tab.prices(), 2)

      // Ticks every 5 ms for a second: at most one frame per CONFLATE_MS, each with only what changed.
      const started = Date.now()
      let i = 0
      while (Date.now() - started < 1000) {
        quote('ETH_USD', `3500.${i}`, `3501.${i}`, 'crypto')
        i++
        await sleep(5)
      }
      await sleep(CONFLATE_MS + 50)
      const burst = tab.prices().slice(2)
      assert.isAtLeast(burst.length, 2)
      assert.isAtMost(burst.length, Math.ceil((Date.now() - started) / CONFLATE_MS) + 1)
      for (const frame of burst) {
        assert.equal(frame.data.channel, CRYPTO)
        assert.deepEqual(
          (frame.data.payload as QuoteTuple[]).map((q) => q[0]),
          ['ETH_USD']
        )
      }
      assert.equal(burst.at(-1)!.data.payload[0][1], `3500.${i - 1}`)
    } finally {
      stop()
      tab.close()
    }
  })

  test('the frame bytes are exactly what transmit.broadcast writes', async ({ client, assert }) => {
    const tab = await openTab(client)
    try {
      const frame = priceStream.publish(frameOf(3, '25'))!
      transmit.broadcast(FOREX, frame.forex)
      await until(() => tab.prices().length === 2, 'both frames')
      const [ours, theirs] = tab.prices()
      assert.equal(ours.raw, theirs.raw)
      assert.deepEqual(ours.data, {
        channel: FOREX,
        payload: [
          ['SYN_0', '0.25', 0],
          ['SYN_1', '1.25', 0],
          ['SYN_2', '2.25', 0],
        ],
      })
    } finally {
      tab.close()
    }
  })

  test("frames written to a tab's socket and Transmit's own messages arrive in the order sent", async ({
    client,
    assert,
  }) => {
    const tab = await openTab(client)
    try {
      // One turn of the event loop: Transmit's messages are still corked on the socket
      // when the next frame is written.
      priceStream.publish(frameOf(1, '1'))
      transmit.broadcast(FOREX, [['X', '1', 0]])
      priceStream.publish(frameOf(1, '2'))
      transmit.broadcast(FOREX, [['Y', '1', 0]])
      await until(() => tab.prices().length === 4, 'four messages')
      assert.deepEqual(tab.names(), [['SYN_0'], ['X'], ['SYN_0'], ['Y']])
      assert.deepEqual(
        tab.prices().map((event) => event.data.payload[0][1]),
        ['0.1', '1', '0.2', '1']
      )
      assert.deepInclude(priceStream.stats(), { writes: 2, direct: 2, dropped: 0 })
    } finally {
      tab.close()
    }
  })

  test('every subscribed tab gets the frame; a tab of another channel or none gets nothing', async ({
    client,
    assert,
  }) => {
    const tabs = [await openTab(client), await openTab(client), await openTab(client)]
    const crypto = await openTab(client, [CRYPTO])
    const uid = randomUUID()
    const idle = http.get({
      host: HOST,
      port: PORT,
      path: `/__transmit/events?uid=${uid}`,
      agent: false,
    })
    let idleData = ''
    idle.on('response', (res) => res.on('data', (c) => (idleData += c)).on('error', () => {}))
    try {
      quote('EUR_USD', '1.08450', '1.08462')
      flushPrices()
      await until(() => tabs.every((t) => t.prices().length === 1), 'a frame on every tab')
      await sleep(50)
      assert.notInclude(idleData, 'EUR_USD')
      assert.lengthOf(crypto.prices(), 0)
      assert.equal(priceStream.stats().writes, 3)
      // Each straight to its tab's socket, not through its Transmit stream.
      assert.equal(priceStream.stats().direct, 3)
    } finally {
      for (const t of tabs) t.close()
      crypto.close()
      idle.destroy()
    }
  })

  test("a tab gets a channel's snapshot when it subscribes, then only what changes", async ({
    client,
    assert,
  }) => {
    quote('EUR_USD', '1.08450', '1.08462')
    quote('USD_JPY', '151.230', '151.245')
    quote('BTC_USD', '67000.10', '67010.10', 'crypto')
    flushPrices()
    quote('EUR_USD', '1.08451', '1.08463')
    flushPrices()
    const tab = await openTab(client, [FOREX, priceInstrumentChannel('BTC_USD')])
    try {
      await until(() => tab.prices().length === 2, 'the snapshots')
      // Every forex instrument, the last changed last; the single instrument's own channel.
      assert.deepEqual(
        tab.prices().map((e) => e.data),
        [
          {
            channel: FOREX,
            payload: [
              ['USD_JPY', '151.230', 15],
              ['EUR_USD', '1.08451', 12],
            ],
          },
          { channel: priceInstrumentChannel('BTC_USD'), payload: [['BTC_USD', '67000.10', 1000]] },
        ]
      )
      quote('USD_JPY', '151.231', '151.246')
      quote('ETH_USD', '3500.1', '3501.1', 'crypto')
      flushPrices()
      await until(() => tab.prices().length === 3, 'the next frame')
      await sleep(50)
      assert.deepEqual(tab.names(), [['USD_JPY', 'EUR_USD'], ['BTC_USD'], ['USD_JPY']])
      assert.equal(priceStream.stats().snapshots, 2)
    } finally {
      tab.close()
    }
  })

  test('a tab that disconnects leaves the channel and is written to no more', async ({
    client,
    assert,
  }) => {
    const stay = await openTab(client)
    const leave = await openTab(client)
    try {
      const before = priceSubscribers().size
      leave.close()
      await until(() => priceSubscribers().size === before - 1, 'the disconnect')
      assert.notInclude(
        [...priceSubscribers()].map((s) => s.getUid()),
        leave.uid
      )

      quote('EUR_USD', '1.08450', '1.08462')
      flushPrices()
      await until(() => stay.prices().length === 1, 'the frame')
      assert.equal(priceStream.stats().writes, 1)
      assert.lengthOf(leave.prices(), 0)
    } finally {
      stay.close()
    }
  })

  test('a slow client skips frames instead of queueing them, then catches up with every instrument', async ({
    assert,
  }) => {
    // A tab whose socket takes nothing: writes stay pending until released.
    const pending: (() => void)[] = []
    const socket = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, done) {
        pending.push(done)
      },
    })
    const chunks: string[] = []
    const response = Object.assign(socket, {
      writeHead() {
        return response
      },
    })
    const uid = randomUUID()
    const tap = socket.write.bind(socket)
    socket.write = ((chunk: any, ...rest: any[]) => {
      chunks.push(String(chunk))
      return tap(chunk, ...rest)
    }) as typeof socket.write
    const stream = transmit.createStream({
      uid,
      context: {} as any,
      request: {} as any,
      response: response as any,
    })
    await transmit.subscribe({ uid, channel: FOREX, context: {} as any })
    const received = () =>
      chunks
        .filter((c) => c.startsWith('data: '))
        .map((c) => JSON.parse(c.slice(6)).payload as QuoteTuple[])
    try {
      priceStream.publish(frameOf(100, '1')) // taken, but the socket now holds more than it wants
      priceStream.publish(frameOf(100, '2')) // skipped
      priceStream.publish(frameOf(120, '3')) // skipped
      assert.lengthOf(received(), 1)
      assert.deepInclude(priceStream.stats(), { writes: 1, dropped: 2 })
      // Nothing piles up in front of the socket.
      assert.equal(stream.readableLength, 0)

      // The socket drains; the next frame carries every instrument's latest quote.
      while (pending.length) pending.shift()!()
      await sleep(10)
      priceStream.publish(frameOf(1, '4'))
      const latest = received().at(-1)!
      assert.lengthOf(received(), 2)
      assert.lengthOf(latest, 120)
      const byName = new Map(decodeQuotes(latest).map((q) => [q.name, q]))
      assert.deepEqual(byName.get('SYN_0'), { name: 'SYN_0', bids: '0.4', asks: '0.4' })
      assert.equal(byName.get('SYN_99')!.bids, '99.3')
      assert.equal(byName.get('SYN_119')!.bids, '119.3')
      // The freshest quotes come last.
      assert.equal(latest.at(-1)![0], 'SYN_0')
      assert.deepInclude(priceStream.stats(), { writes: 2, dropped: 2, snapshots: 1 })

      // Caught up: back to plain frames.
      while (pending.length) pending.shift()!()
      await sleep(10)
      priceStream.publish(frameOf(2, '5'))
      assert.lengthOf(received().at(-1)!, 2)
    } finally {
      socket.destroy()
    }
    await until(() => ![...priceSubscribers()].some((s) => s.getUid() === uid), 'the cleanup')
  })

  test('a real socket that stops reading bounds the memory it costs', async ({
    client,
    assert,
  }) => {
    const uid = randomUUID()
    const socket = net.connect({ host: HOST, port: PORT })
    await new Promise((r) => socket.once('connect', r))
    socket.write(`GET /__transmit/events?uid=${uid} HTTP/1.1\r\nHost: ${HOST}:${PORT}\r\n\r\n`)
    const streamOf = () =>
      [...transmit.getManager().getAllSubscribers().keys()].find((s) => s.getUid() === uid)
    await until(() => streamOf() !== undefined, 'the stream')
    const subscribed = await client
      .post('/__transmit/subscribe')
      .header('Accept', 'application/json')
      .json({ uid, channel: FOREX })
      .withCsrfToken()
    subscribed.assertStatus(204)
    const stream = streamOf()!
    assert.isTrue(priceSubscribers().has(stream))
    socket.pause()
    try {
      // ~200 KB frames until the kernel buffers are full and frames start being skipped.
      let sent = 0
      while (priceStream.stats().dropped === 0 && sent < 400) {
        priceStream.publish(frameOf(10_000, String(sent++)))
        await sleep(5)
      }
      assert.isAbove(priceStream.stats().dropped, 0)
      assert.deepEqual(queuedFrames(stream), [])
      priceStream.publish(frameOf(10_000, 'x'))
      priceStream.publish(frameOf(10_000, 'y'))
      assert.deepEqual(queuedFrames(stream), [])
    } finally {
      socket.destroy()
    }
    await until(() => !priceSubscribers().has(stream), 'the cleanup')
  })
  test('with a relay (several processes), a frame crosses as one JSON message and each process delivers it', async ({
    client,
    assert,
  }) => {
    // An in-memory stand-in for Redis pub/sub: every subscriber hears every message, later.
    const handlers = new Map<string, (message: string) => void>()
    const published: string[] = []
    let failing = false
    const relay: FrameRelay = {
      async publish(channel, message) {
        if (failing) throw new Error('connection refused')
        published.push(message)
        setImmediate(() => handlers.get(channel)?.(message))
        return 1
      },
      subscribe(channel, handler) {
        handlers.set(channel, handler)
      },
      async unsubscribe(channel) {
        handlers.delete(channel)
      },
    }
    const tab = await openTab(client)
    const stopRelay = priceStream.relayThrough(relay)
    try {
      const frame = priceStream.publish(frameOf(2, '1'))
      assert.deepEqual(frame, {
        forex: [
          ['SYN_0', '0.1', 0],
          ['SYN_1', '1.1', 0],
        ],
      })
      assert.deepEqual(
        published.map((m) => JSON.parse(m)),
        [frame]
      )
      await until(() => tab.prices().length === 1, 'the relayed frame')
      assert.deepEqual(tab.prices()[0].data, { channel: FOREX, payload: frame!.forex })

      // A frame published by another process reaches this process's tabs.
      const other = { forex: [['SYN_7', '7.2', 1]] }
      handlers.get(RELAY_CHANNEL)!(JSON.stringify(other))
      await until(() => tab.prices().length === 2, 'the other process frame')
      assert.deepEqual(tab.prices()[1].data.payload, other.forex)

      // Redis down: this process's tabs still get prices.
      failing = true
      priceStream.publish(frameOf(1, '3'))
      await until(() => tab.prices().length === 3, 'the local fallback')
    } finally {
      await stopRelay()
      tab.close()
    }
    assert.isFalse(handlers.has(RELAY_CHANNEL))
  })
})
