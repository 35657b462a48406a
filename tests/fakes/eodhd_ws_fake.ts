import { createServer, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, WebSocket } from 'ws'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local EODHD websocket server, per PROTOCOLS.md §2: `/ws/us-quote?api_token=…`,
 * the key checked at the handshake, `{"status_code":200,"message":"Authorized"}`
 * first, then `subscribe` with comma-separated symbols and one JSON object per
 * quote. A wrong key gets a 401 status message and a close, or (with
 * `rejectAtHandshake`) an HTTP 401 instead of the upgrade: which of the two the
 * real server does is unconfirmed, so the adapter handles both.
 */
interface Client {
  ws: WebSocket
  subs: Set<string>
}

export const EODHD_REFUSAL = { status_code: 401, message: 'Unauthorized' }

export class EodhdWsFake {
  connections = 0
  #clients = new Set<Client>()

  private constructor(
    private server: Server,
    private wss: WebSocketServer,
    readonly url: string,
    private options: { apiKey: string; rejectAtHandshake?: boolean }
  ) {
    server.on('upgrade', (req, socket, head) => this.#onUpgrade(req.url ?? '/', req, socket, head))
  }

  static async start(options: { apiKey: string; rejectAtHandshake?: boolean }) {
    const server = createServer((_req, res) => res.writeHead(426).end())
    const wss = new WebSocketServer({ noServer: true })
    const port = await listenOnLoopback(server)
    return new EodhdWsFake(server, wss, `ws://127.0.0.1:${port}`, options)
  }

  get openClients() {
    return [...this.#clients].filter((c) => c.ws.readyState === WebSocket.OPEN).length
  }

  subscriptions(): string[] {
    const all = new Set<string>()
    for (const c of this.#clients) c.subs.forEach((s) => all.add(s))
    return [...all].sort()
  }

  /** A `us-quote` message to the sockets subscribed to the symbol; returns how many got it. */
  quote(symbol: string, bid: number | string, ask: number | string) {
    const text = JSON.stringify({ s: symbol, ap: ask, as: 100, bp: bid, bs: 200, t: Date.now() })
    let sent = 0
    for (const c of this.#clients) {
      if (!c.subs.has(symbol)) continue
      c.ws.send(text)
      sent++
    }
    return sent
  }

  drop() {
    for (const c of this.#clients) c.ws.terminate()
  }

  async close() {
    this.drop()
    this.wss.close()
    await closeServer(this.server)
  }

  #onUpgrade(
    url: string,
    req: Parameters<WebSocketServer['handleUpgrade']>[0],
    socket: Duplex,
    head: Buffer
  ) {
    const parsed = new URL(url, 'http://fake')
    if (parsed.pathname !== '/ws/us-quote') return refuse(socket, 404, { message: 'Not found' })
    const authorized = parsed.searchParams.get('api_token') === this.options.apiKey
    if (!authorized && this.options.rejectAtHandshake) return refuse(socket, 401, EODHD_REFUSAL)
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.connections++
      const client: Client = { ws, subs: new Set() }
      this.#clients.add(client)
      ws.on('close', () => this.#clients.delete(client))
      if (!authorized) {
        ws.send(JSON.stringify(EODHD_REFUSAL))
        return ws.close(1008, 'Unauthorized')
      }
      ws.send(JSON.stringify({ status_code: 200, message: 'Authorized' }))
      ws.on('message', (data) => {
        let message: { action?: string; symbols?: string }
        try {
          message = JSON.parse(data.toString())
        } catch {
          return
        }
        const symbols = String(message.symbols ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
        if (message.action === 'subscribe') symbols.forEach((s) => client.subs.add(s))
        if (message.action === 'unsubscribe') symbols.forEach((s) => client.subs.delete(s))
      })
    })
  }
}

function refuse(socket: Duplex, status: number, body: unknown) {
  const text = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`
  )
}
