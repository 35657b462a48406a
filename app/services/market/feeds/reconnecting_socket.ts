import WebSocket from 'ws'
import type { IncomingMessage } from 'node:http'
import type { BackoffOptions } from '#services/market/feeds/backoff'
import { httpRefusal } from '#services/market/feeds/provider'
import {
  ReconnectLoop,
  type FeedSession,
  type SessionEnd,
} from '#services/market/feeds/reconnect_loop'

export const DEFAULT_KEEPALIVE_MS = 30_000
const HANDSHAKE_TIMEOUT_MS = 10_000
const REFUSAL_BODY_LIMIT = 2048

export interface SocketHandlers {
  /** The socket is open: authenticate or subscribe here. */
  onOpen(): void
  onMessage(text: string): void
  /** The connection ended or never opened; `reason` is fit for the heartbeat message. */
  onDown(reason: string): void
}

/**
 * A websocket client on the feeds' shared ReconnectLoop: reconnects with
 * capped backoff, pings to notice a silently dead connection, and on stop()
 * leaves no socket or timer behind.
 */
export class ReconnectingSocket {
  #ws: WebSocket | null = null
  #loop: ReconnectLoop
  #keepaliveMs: number

  constructor(
    private url: string,
    private handlers: SocketHandlers,
    options: { backoff?: BackoffOptions; keepaliveMs?: number } = {}
  ) {
    this.#keepaliveMs = options.keepaliveMs ?? DEFAULT_KEEPALIVE_MS
    this.#loop = new ReconnectLoop(
      () => this.#open(),
      (end) => this.handlers.onDown(end.reason),
      options
    )
  }

  get running() {
    return this.#loop.running
  }

  start() {
    this.#loop.start()
  }

  send(message: unknown) {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(message))
  }

  /** The session is healthy (authenticated): the next drop retries quickly. */
  healthy() {
    this.#loop.healthy()
  }

  /** The provider refused us (bad key, plan): retry only at the longest delay. */
  refused() {
    this.#loop.refused()
  }

  /** Ends the current connection; a new one follows after the backoff delay. */
  drop() {
    this.#loop.drop()
  }

  stop() {
    return this.#loop.stop()
  }

  /** One connection: ended when the socket closes, with the best reason it gave. */
  #open(): FeedSession {
    const ws = new WebSocket(this.url, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS })
    this.#ws = ws
    let reason = 'Disconnected'
    let alive = true
    let pings: NodeJS.Timeout | null = null

    ws.on('open', () => {
      pings = setInterval(() => {
        // No pong and no message since the last ping: the connection is dead.
        if (!alive) return ws.terminate()
        alive = false
        ws.ping()
      }, this.#keepaliveMs)
      this.handlers.onOpen()
    })
    ws.on('message', (data) => {
      alive = true
      if (this.#ws === ws) this.handlers.onMessage(data.toString())
    })
    ws.on('pong', () => {
      alive = true
    })
    // The server answered the upgrade with an HTTP error: keep its message.
    ws.on('unexpected-response', (_req, res) => {
      readRefusal(res).then((message) => {
        reason = message
        ws.terminate()
      })
    })
    ws.on('error', (error) => {
      if (reason === 'Disconnected') reason = error.message
    })
    const ended = new Promise<SessionEnd>((resolve) =>
      ws.on('close', (code) => {
        if (pings) clearInterval(pings)
        if (this.#ws === ws) this.#ws = null
        resolve({ reason: reason === 'Disconnected' && code ? `Disconnected (${code})` : reason })
      })
    )
    return { ended, end: () => ws.terminate() }
  }
}

/** "HTTP 401: <the provider's message>" from a refused upgrade. */
async function readRefusal(res: IncomingMessage): Promise<string> {
  let body = ''
  try {
    for await (const chunk of res) {
      body += chunk.toString()
      if (body.length > REFUSAL_BODY_LIMIT) break
    }
  } catch {
    // The body is a nicety; the status code is enough.
  }
  return httpRefusal(res.statusCode ?? 0, body)
}
