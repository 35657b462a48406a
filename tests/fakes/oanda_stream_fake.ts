import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback, sleep } from '#tests/fakes/net'

/**
 * A local OANDA v20 streaming host, per PROTOCOLS.md §3:
 * `GET /v3/accounts/{id}/pricing/stream?instruments=A,B` with a Bearer token,
 * answered by a chunked stream of newline-delimited PRICE and HEARTBEAT objects.
 * Errors carry `{errorMessage}`. A test writes lines (whole, or split across
 * chunks on purpose), sends heartbeats and drops streams.
 */
export const OANDA_UNAUTHORIZED = 'Insufficient authorization to perform request.'

interface Stream {
  res: ServerResponse
  instruments: Set<string>
}

export interface FakePrice {
  bid: string
  ask: string
  closeoutBid?: string
  closeoutAsk?: string
  tradeable?: boolean
}

export class OandaStreamFake {
  /** Every stream request, in order. */
  requests: { path: string; instruments: string[]; authorization?: string }[] = []
  #streams = new Set<Stream>()
  #heartbeatTimer: NodeJS.Timeout | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    private options: { accountId: string; apiKey: string }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(options: { accountId: string; apiKey: string; heartbeatMs?: number }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    const fake = new OandaStreamFake(server, `http://127.0.0.1:${port}`, options)
    if (options.heartbeatMs)
      fake.#heartbeatTimer = setInterval(() => fake.heartbeat(), options.heartbeatMs)
    return fake
  }

  get openStreams() {
    return [...this.#streams].filter((s) => !s.res.writableEnded && !s.res.destroyed).length
  }

  /** The line OANDA would send for a price (no trailing newline). */
  priceLine(instrument: string, p: FakePrice) {
    return JSON.stringify({
      type: 'PRICE',
      time: new Date().toISOString().replace('Z', '000000Z'),
      bids: [{ price: p.bid, liquidity: 1000000 }],
      asks: [{ price: p.ask, liquidity: 1000000 }],
      closeoutBid: p.closeoutBid ?? p.bid,
      closeoutAsk: p.closeoutAsk ?? p.ask,
      status: p.tradeable === false ? 'non-tradeable' : 'tradeable',
      tradeable: p.tradeable ?? true,
      instrument,
    })
  }

  /** Writes a whole price line to the streams that asked for the instrument. */
  price(instrument: string, p: FakePrice) {
    return this.write(`${this.priceLine(instrument, p)}\n`, instrument)
  }

  /** Writes the line in two chunks, cut at `at`, with a pause between so they arrive apart. */
  async priceSplit(instrument: string, p: FakePrice, at: number, pauseMs = 20) {
    const line = `${this.priceLine(instrument, p)}\n`
    this.write(line.slice(0, at), instrument)
    await sleep(pauseMs)
    this.write(line.slice(at), instrument)
  }

  heartbeat() {
    return this.write(`${JSON.stringify({ type: 'HEARTBEAT', time: new Date().toISOString() })}\n`)
  }

  /** Raw text as one chunk, to every stream (or those that asked for `instrument`); returns how many. */
  write(text: string, instrument?: string) {
    let sent = 0
    for (const s of this.#streams) {
      if (instrument && !s.instruments.has(instrument)) continue
      s.res.write(text)
      sent++
    }
    return sent
  }

  /** Destroys every stream's connection mid-response. */
  drop() {
    for (const s of this.#streams) s.res.destroy()
    this.#streams.clear()
  }

  async close() {
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer)
    this.drop()
    await closeServer(this.server)
  }

  #onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const match = url.pathname.match(/^\/v3\/accounts\/([^/]+)\/pricing\/stream$/)
    const instruments = (url.searchParams.get('instruments') ?? '').split(',').filter(Boolean)
    this.requests.push({
      path: url.pathname,
      instruments,
      authorization: req.headers.authorization,
    })
    const fail = (status: number, errorMessage: string) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ errorMessage }))

    if (req.method !== 'GET' || !match) return fail(404, 'The requested resource was not found.')
    if (req.headers.authorization !== `Bearer ${this.options.apiKey}`)
      return fail(401, OANDA_UNAUTHORIZED)
    if (decodeURIComponent(match[1]) !== this.options.accountId) {
      return fail(403, 'The provided request was forbidden.')
    }
    if (instruments.length === 0) return fail(400, "Invalid value specified for 'instruments'")

    // No Content-Length: Node sends the body chunked, as OANDA does.
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
    res.flushHeaders()
    const stream: Stream = { res, instruments: new Set(instruments) }
    this.#streams.add(stream)
    res.on('close', () => this.#streams.delete(stream))
  }
}
