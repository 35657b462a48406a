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
  type PriceFrame,
} from '#services/market/price_stream'
import { CONFLATE_MS, flushPrices, startPriceFanout } from '#services/market/price_fanout'
import { PRICES_CHANNEL } from '#domain/channels'
import { isolate } from '#tests/helpers/isolation'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const HOST = env.get('HOST')
const PORT = env.get('PORT')

/** Subscribers of the prices channel in this process. */
const priceSubscribers = () => transmit.getManager().findByChannel(PRICES_CHANNEL)

async function until(check: () => boolean, what: string, timeout = 3000) {
  const deadline = Date.now() + timeout
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

function quote(name: string, bids: string, asks: string) {
  priceBook.put({ name, bids, asks, closeoutBid: bids, closeoutAsk: asks, at: Date.now() })
}

function frameOf(n: number, tag: string): PriceFrame {
  const instruments: FrameQuote[] = []
  for (let i = 0; i < n; i++) {
    const p = `${i}.${tag}`
    instruments.push({ name: `SYN_${i}`, bids: p, asks: p, closeoutBid: p, closeoutAsk: p })
  }
  return { type: 'priceUpdate', instruments }
}

/**
 * A tab as the browser opens it: the Transmit event stream (GET
 * /__transmit/events) read as SSE, then a subscription to the prices channel
 * through POST /__transmit/subscribe with a CSRF token and no signed-in user.
 */
async function openTab(client: ApiClient) {
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
  const before = priceSubscribers().size
  const subscribed = await client
    .post('/__transmit/subscribe')
    .header('Accept', 'application/json')
    .json({ uid, channel: PRICES_CHANNEL })
    .withCsrfToken()
  subscribed.assertStatus(204)
  await until(() => priceSubscribers().size === before + 1, 'the subscription')
  return {
    uid,
    response,
    /** The prices channel messages received, their payloads in order. */
    prices: () => events.filter((e) => e.data.channel === PRICES_CHANNEL),
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

  test('a visitor subscribed to prices gets conflated priceUpdate frames of the exact shape', async ({
    client,
    assert,
  }) => {
    const tab = await openTab(client)
    const stop = startPriceFanout()
    try {
      for (let i = 0; i < 50; i++) quote('BTC_USD', `67000.${i}`, `67010.${i}`)
      quote('EUR_USD', '1.08450', '1.08462')
      await until(() => tab.prices().length === 1, 'the first frame', CONFLATE_MS * 4)
      await sleep(CONFLATE_MS + 50)
      // 51 ticks, one frame: the latest quote of each instrument that changed.
      assert.lengthOf(tab.prices(), 1)
      assert.deepEqual(tab.prices()[0].data, {
        channel: 'prices',
        payload: {
          type: 'priceUpdate',
          instruments: [
            {
              name: 'BTC_USD',
              bids: '67000.49',
              asks: '67010.49',
              closeoutBid: '67000.49',
              closeoutAsk: '67010.49',
            },
            {
              name: 'EUR_USD',
              bids: '1.08450',
              asks: '1.08462',
              closeoutBid: '1.08450',
              closeoutAsk: '1.08462',
            },
          ],
        },
      })

      // Ticks every 5 ms for a second: at most one frame per CONFLATE_MS, each with only what changed.
      const started = Date.now()
      let i = 0
      while (Date.now() - started < 1000) {
        quote('ETH_USD', `3500.${i}`, `3501.${i}`)
        i++
        await sleep(5)
      }
      await sleep(CONFLATE_MS + 50)
      const burst = tab.prices().slice(1)
      assert.isAtLeast(burst.length, 2)
      assert.isAtMost(burst.length, Math.ceil((Date.now() - started) / CONFLATE_MS) + 1)
      for (const frame of burst) {
        assert.equal(frame.data.payload.type, 'priceUpdate')
        assert.deepEqual(
          frame.data.payload.instruments.map((q: FrameQuote) => q.name),
          ['ETH_USD']
        )
      }
      assert.equal(burst.at(-1)!.data.payload.instruments[0].bids, `3500.${i - 1}`)
    } finally {
      stop()
      tab.close()
    }
  })

  test('the frame bytes are exactly what transmit.broadcast writes', async ({ client, assert }) => {
    const tab = await openTab(client)
    try {
      const frame = frameOf(3, '25')
      priceStream.publish(frame)
      transmit.broadcast(PRICES_CHANNEL, frame)
      await until(() => tab.prices().length === 2, 'both frames')
      const [ours, theirs] = tab.prices()
      assert.equal(ours.raw, theirs.raw)
      assert.deepEqual(ours.data, { channel: 'prices', payload: frame })
    } finally {
      tab.close()
    }
  })

  test('every subscribed tab gets the frame; a tab that is not subscribed gets none', async ({
    client,
    assert,
  }) => {
    const tabs = [await openTab(client), await openTab(client), await openTab(client)]
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
      assert.notInclude(idleData, 'priceUpdate')
      assert.equal(priceStream.stats().writes, 3)
    } finally {
      for (const t of tabs) t.close()
      idle.destroy()
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
    await transmit.subscribe({ uid, channel: PRICES_CHANNEL, context: {} as any })
    const received = () =>
      chunks
        .filter((c) => c.startsWith('data: '))
        .map((c) => JSON.parse(c.slice(6)).payload as PriceFrame)
    try {
      priceStream.publish(frameOf(50, '1')) // taken, but the socket now holds more than it wants
      priceStream.publish(frameOf(50, '2')) // skipped
      priceStream.publish(frameOf(60, '3')) // skipped
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
      assert.lengthOf(latest.instruments, 60)
      const byName = new Map(latest.instruments.map((q) => [q.name, q]))
      assert.deepEqual(byName.get('SYN_0'), {
        name: 'SYN_0',
        bids: '0.4',
        asks: '0.4',
        closeoutBid: '0.4',
        closeoutAsk: '0.4',
      })
      assert.equal(byName.get('SYN_49')!.bids, '49.3')
      assert.equal(byName.get('SYN_59')!.bids, '59.3')
      // The freshest quotes come last.
      assert.equal(latest.instruments.at(-1)!.name, 'SYN_0')
      assert.deepInclude(priceStream.stats(), { writes: 2, dropped: 2, snapshots: 1 })

      // Caught up: back to plain frames.
      while (pending.length) pending.shift()!()
      await sleep(10)
      priceStream.publish(frameOf(2, '5'))
      assert.lengthOf(received().at(-1)!.instruments, 2)
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
      .json({ uid, channel: PRICES_CHANNEL })
      .withCsrfToken()
    subscribed.assertStatus(204)
    const stream = streamOf()!
    assert.isTrue(priceSubscribers().has(stream))
    socket.pause()
    try {
      // ~1 MB frames until the kernel buffers are full and frames start being skipped.
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
      const frame = frameOf(2, '1')
      priceStream.publish(frame)
      assert.deepEqual(
        published.map((m) => JSON.parse(m)),
        [frame]
      )
      await until(() => tab.prices().length === 1, 'the relayed frame')
      assert.deepEqual(tab.prices()[0].data, { channel: 'prices', payload: frame })

      // A frame published by another process reaches this process's tabs.
      const other = frameOf(1, '2')
      handlers.get(RELAY_CHANNEL)!(JSON.stringify(other))
      await until(() => tab.prices().length === 2, 'the other process frame')
      assert.deepEqual(tab.prices()[1].data.payload, other)

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
