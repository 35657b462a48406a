import { createServer, type Server } from 'node:http'
import { WebSocketServer, WebSocket } from 'ws'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local Massive (Polygon) websocket server, per PROTOCOLS.md §1: greets with
 * `connected`, accepts `{action:"auth"}` (a wrong key gets `auth_failed` and a
 * close), honours `subscribe` only after auth, and lets a test push forex `C`
 * and crypto `XQ` quotes to the sockets subscribed to them.
 */
interface Client {
  ws: WebSocket
  cluster: string
  authed: boolean
  subs: Set<string>
}

const status = (s: string, message: string) =>
  JSON.stringify([{ ev: 'status', status: s, message }])
/** Forex tickers arrive as EUR-USD or EUR/USD; both name the same subscription. */
const canonical = (param: string) => param.toUpperCase().replace('/', '-')

export class PolygonWsFake {
  connections = 0
  authAttempts = 0
  #clients = new Set<Client>()

  private constructor(
    private server: Server,
    private wss: WebSocketServer,
    readonly url: string,
    private apiKey: string
  ) {
    wss.on('connection', (ws, req) => this.#onConnection(ws, req.url ?? '/'))
  }

  static async start(options: { apiKey: string }) {
    const server = createServer((_req, res) => res.writeHead(426).end())
    const wss = new WebSocketServer({ server })
    const port = await listenOnLoopback(server)
    return new PolygonWsFake(server, wss, `ws://127.0.0.1:${port}`, options.apiKey)
  }

  /** Sockets open now. */
  get openClients() {
    return [...this.#clients].filter((c) => c.ws.readyState === WebSocket.OPEN).length
  }

  /** What the open, authenticated sockets of a cluster are subscribed to. */
  subscriptions(cluster: 'forex' | 'crypto'): string[] {
    const all = new Set<string>()
    for (const c of this.#clients)
      if (c.cluster === cluster && c.authed) c.subs.forEach((s) => all.add(s))
    return [...all].sort()
  }

  /** A forex quote event; `pair` as the provider writes it (EUR/USD). */
  forexQuote(pair: string, bid: number | string, ask: number | string) {
    const event = { ev: 'C', p: pair, x: 48, a: ask, b: bid, t: Date.now() }
    return this.#publish('forex', `C.${canonical(pair)}`, 'C.*', [event])
  }

  /** A crypto quote event; `pair` like BTC-USD. */
  cryptoQuote(pair: string, bid: number | string, ask: number | string) {
    const now = Date.now()
    const event = { ev: 'XQ', pair, bp: bid, bs: 0.5, ap: ask, as: 0.7, t: now, x: 1, r: now }
    return this.#publish('crypto', `XQ.${canonical(pair)}`, 'XQ.*', [event])
  }

  /** Sends any frame to every authenticated socket of a cluster (mixed or odd frames). */
  sendRaw(cluster: 'forex' | 'crypto', text: string) {
    for (const c of this.#clients) if (c.cluster === cluster && c.authed) c.ws.send(text)
  }

  /** Cuts every connection without a close handshake, as a network failure would. */
  drop() {
    for (const c of this.#clients) c.ws.terminate()
  }

  async close() {
    this.drop()
    this.wss.close()
    await closeServer(this.server)
  }

  /** How many sockets received the frame. */
  #publish(cluster: string, param: string, wildcard: string, events: unknown[]) {
    let sent = 0
    for (const c of this.#clients) {
      if (c.cluster !== cluster || !c.authed) continue
      if (!c.subs.has(param) && !c.subs.has(wildcard)) continue
      c.ws.send(JSON.stringify(events))
      sent++
    }
    return sent
  }

  #onConnection(ws: WebSocket, path: string) {
    this.connections++
    const client: Client = {
      ws,
      cluster: path.replace(/^\/+/, '').split(/[/?]/)[0],
      authed: false,
      subs: new Set(),
    }
    this.#clients.add(client)
    ws.on('close', () => this.#clients.delete(client))
    ws.send(status('connected', 'Connected Successfully'))
    ws.on('message', (data) => {
      let message: { action?: string; params?: string }
      try {
        message = JSON.parse(data.toString())
      } catch {
        return ws.send(status('error', 'invalid message'))
      }
      if (message.action === 'auth') {
        this.authAttempts++
        if (message.params === this.apiKey) {
          client.authed = true
          ws.send(status('auth_success', 'authenticated'))
        } else {
          ws.send(status('auth_failed', 'authentication failed'))
          ws.close(1008, 'authentication failed')
        }
        return
      }
      if (!client.authed) return ws.send(status('error', 'not authorized'))
      const params = String(message.params ?? '')
        .split(',')
        .map(canonical)
        .filter(Boolean)
      if (message.action === 'subscribe') {
        params.forEach((p) => client.subs.add(p))
        ws.send(
          JSON.stringify(
            params.map((p) => ({ ev: 'status', status: 'success', message: `subscribed to: ${p}` }))
          )
        )
      } else if (message.action === 'unsubscribe') {
        params.forEach((p) => client.subs.delete(p))
      }
    })
  }
}
