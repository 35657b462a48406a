/*
| Fan-out benchmark, load generator (started by bench/fanout.ts; not run alone).
|
| Opens BENCH_CLIENTS browser-like Transmit connections to the server: one
| keep-alive GET /__transmit/events each (read as SSE), then subscriptions to
| price channels through POST /__transmit/subscribe with the session and
| XSRF cookies a visitor gets, as the browser's Transmit client does.
| BENCH_SUBSCRIBE=tab (default): what a dashboard tab shows — one market watch
| category (client i: CATEGORIES[i % 5]) and two single instruments (the
| chart's and an open position's, from other categories); =all: every
| category channel, i.e. every instrument.
|
| Every client times every stamped message: fan-out latency = receipt of its
| last byte − the BENCH_CLOCK_{CATEGORY} stamp put just before the frame was
| built. Only the message's tail is looked at, so the generator stays cheap.
| One client in SAMPLE_EVERY also parses each message in full, decodes it with
| the browser's decoder, checks every quote and records tick-to-client
| latency (receipt − the time each instrument's quote was put in the book,
| conflation wait included).
*/
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { CATEGORIES } from '#domain/instruments'
import {
  decodeQuotes,
  priceCategoryChannel,
  priceInstrumentChannel,
  type QuoteTuple,
} from '#domain/price_frames'

const HOST = process.env.BENCH_HOST ?? '127.0.0.1'
const PORT = Number(process.env.BENCH_PORT)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000)
const INSTRUMENTS = Number(process.env.BENCH_INSTRUMENTS ?? 500)
const SUBSCRIBE = process.env.BENCH_SUBSCRIBE === 'all' ? 'all' : 'tab'
const SAMPLE_EVERY = Math.min(100, Math.max(1, Math.floor(CLIENTS / 10)))
/** This process's share of the clients (bench/fanout.ts splits them over BENCH_CLIENT_PROCS). */
const OFFSET = Number(process.env.BENCH_CLIENT_OFFSET ?? 0)
const COUNT = Number(process.env.BENCH_CLIENT_COUNT ?? CLIENTS)

const send = (message: unknown) => process.send?.(message)
const EPOCH = Number(process.env.BENCH_EPOCH ?? 0)
const clock = () => performance.timeOrigin + performance.now() - EPOCH
const FRAME_END = Buffer.from('\n\n')
const CLOCK = Buffer.from('["BENCH_CLOCK_')
const TAIL = 512
const PRICE_FRAME_END = Buffer.from(']]}')

/** The price channels client `index` subscribes to. */
function channelsOf(index: number) {
  if (SUBSCRIBE === 'all') return CATEGORIES.map((c) => priceCategoryChannel(c))
  const name = (i: number) => `B${String(i % INSTRUMENTS).padStart(3, '0')}_USD`
  // Instruments i ≡ index + 1 and index + 2 (mod 5) are of other categories than the open one.
  const base = (index * 5) % INSTRUMENTS
  return [
    priceCategoryChannel(CATEGORIES[index % CATEGORIES.length]),
    priceInstrumentChannel(name(base + (index % 5) + 1)),
    priceInstrumentChannel(name(base + (index % 5) + 2)),
  ]
}

/** The last TAIL bytes of a followed by b, copying only what is kept. */
function lastBytes(a: Buffer, b: Buffer) {
  if (b.length >= TAIL || a.length === 0) return b.subarray(-TAIL)
  return Buffer.concat([a, b]).subarray(-TAIL)
}

let measuring = false
const fanout: number[] = []
const tickToClient: number[] = []
let frames = 0
let unstamped = 0
let bytes = 0
let badFrames = 0
let maxInstruments = 0

class Client {
  uid = randomUUID()
  tail = Buffer.alloc(0)
  full: Buffer[] | null
  request!: http.ClientRequest
  frames = 0
  constructor(readonly index: number) {
    this.full = index % SAMPLE_EVERY === 0 ? [] : null
  }

  open() {
    return new Promise<void>((resolve, reject) => {
      this.request = http.get({
        host: HOST,
        port: PORT,
        path: `/__transmit/events?uid=${this.uid}`,
        agent: false,
      })
      this.request.once('error', reject)
      this.request.once('response', (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events: HTTP ${res.statusCode}`))
        res.on('data', (chunk: Buffer) => this.onData(chunk))
        res.once('data', () => resolve()) // ':ok'
        res.on('error', () => {})
      })
    })
  }

  onData(chunk: Buffer) {
    const receivedAt = clock()
    if (measuring) bytes += chunk.length
    let start = 0
    // A blank line split across two reads (Transmit writes the final "\n" on its own).
    if (this.tail.length && this.tail[this.tail.length - 1] === 10 && chunk[0] === 10) {
      this.endFrame(chunk.subarray(0, 0), receivedAt)
      start = 1
    }
    let end: number
    while ((end = chunk.indexOf(FRAME_END, start)) >= 0) {
      this.endFrame(chunk.subarray(start, end), receivedAt)
      start = end + FRAME_END.length
    }
    const rest = chunk.subarray(start)
    if (rest.length) {
      if (this.full) this.full.push(rest)
      this.tail = Buffer.from(lastBytes(this.tail, rest))
    }
  }

  endFrame(piece: Buffer, receivedAt: number) {
    const tail = lastBytes(this.tail, piece)
    this.tail = Buffer.alloc(0)
    if (this.full) {
      this.full.push(piece)
      this.parseFull(Buffer.concat(this.full), receivedAt)
      this.full = []
    }
    if (!measuring) return
    const at = tail.lastIndexOf(CLOCK)
    if (at >= 0) {
      // ["BENCH_CLOCK_FOREX","12345.678",0]: the stamp is the second string.
      const from = tail.indexOf(34, tail.indexOf(44, at)) + 1
      fanout.push(receivedAt - Number(tail.toString('latin1', from, tail.indexOf(34, from))))
    } else if (tail.includes(PRICE_FRAME_END)) {
      unstamped++
    } else {
      return // ':ok', pings, other channels
    }
    frames++
    this.frames++
  }

  parseFull(frame: Buffer, receivedAt: number) {
    const text = frame.toString('utf8')
    if (!text.startsWith('data: ')) return
    const message = JSON.parse(text.slice(6))
    if (typeof message.channel !== 'string' || !message.channel.startsWith('prices/')) return
    const payload = message.payload as QuoteTuple[]
    const quotes = decodeQuotes(payload)
    // Every tuple decodes, and every instrument's ask is its bid + 0.012, as the server put it.
    const ok =
      Array.isArray(payload) &&
      quotes.length === payload.length &&
      quotes.every(
        (q) => q.name.startsWith('BENCH_CLOCK_') || q.asks === (Number(q.bids) + 0.012).toFixed(3)
      )
    if (!measuring) return
    if (!ok) badFrames++
    maxInstruments = Math.max(maxInstruments, quotes.length)
    for (const q of quotes) {
      if (!q.name.startsWith('BENCH_CLOCK_')) tickToClient.push(receivedAt - Number(q.bids))
    }
  }
}

/** Session and XSRF cookies, as a visitor's first page view leaves them. */
async function visitorCookies() {
  const res = await fetch(`http://${HOST}:${PORT}/countries`, {
    headers: { accept: 'application/json' },
  })
  await res.arrayBuffer()
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0])
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie')
  return { cookie: cookies.join('; '), xsrf: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)) }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
function subscribe(uid: string, channel: string, session: { cookie: string; xsrf: string }) {
  const body = JSON.stringify({ uid, channel })
  return new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port: PORT,
        path: '/__transmit/subscribe',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'accept': 'application/json',
          'cookie': session.cookie,
          'x-xsrf-token': session.xsrf,
        },
      },
      (res) => {
        res.resume()
        res.once('end', () =>
          res.statusCode === 204
            ? resolve()
            : reject(new Error(`subscribe: HTTP ${res.statusCode}`))
        )
      }
    )
    req.once('error', reject)
    req.end(body)
  })
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run))
}

const clients = Array.from({ length: COUNT }, (_, i) => new Client(OFFSET + i))
let measureStarted = 0
let elu = performance.eventLoopUtilization()
let cpu = process.cpuUsage()

process.on('message', async (message: { cmd: string }) => {
  try {
    if (message.cmd === 'connect') {
      await inBatches(clients, 100, (c) => c.open())
      const session = await visitorCookies()
      await inBatches(
        clients.flatMap((c) => channelsOf(c.index).map((channel) => ({ uid: c.uid, channel }))),
        32,
        (s) => subscribe(s.uid, s.channel, session)
      )
      send({ cmd: 'connected', clients: clients.length })
    } else if (message.cmd === 'measure') {
      measuring = true
      measureStarted = performance.now()
      elu = performance.eventLoopUtilization()
      cpu = process.cpuUsage()
      send({ cmd: 'measuring' })
    } else if (message.cmd === 'report') {
      measuring = false
      const seconds = (performance.now() - measureStarted) / 1000
      const used = process.cpuUsage(cpu)
      const perClient = clients.map((c) => c.frames).sort((a, b) => a - b)
      // Raw samples: bench/fanout.ts takes the percentiles over every process's clients.
      send({
        cmd: 'report',
        seconds,
        clients: clients.length,
        frames,
        slowestClientFrames: perClient[0],
        unstamped,
        bytes,
        badFrames,
        maxInstruments,
        channelsPerClient: channelsOf(OFFSET).length,
        fanoutSamples: fanout,
        tickSamples: tickToClient,
        cpuPercent: ((used.user + used.system) / 1e6 / seconds) * 100,
        eventLoopUtilization: performance.eventLoopUtilization(elu).utilization,
      })
    } else if (message.cmd === 'stop') {
      for (const c of clients) c.request?.destroy()
      agent.destroy()
      process.exit(0)
    }
  } catch (error) {
    send({ cmd: 'error', message: String((error as Error)?.stack ?? error) })
  }
})

send({ cmd: 'ready' })
