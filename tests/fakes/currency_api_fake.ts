import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local currencyapi.com v3, per PROTOCOLS.md §4: `latest` (USD base, values
 * as JSON numbers) counts against a monthly quota and answers 429 once it is
 * spent; `status` is free and reports the quota. The key is read from the
 * `apikey` header or query parameter. Error texts are unconfirmed.
 */
export const CURRENCY_API_UNAUTHORIZED = 'Invalid authentication credentials'
export const CURRENCY_API_QUOTA_SPENT = 'You have used all your monthly requests'

export class CurrencyApiFake {
  calls = { latest: 0, status: 0 }
  used = 0
  #rateLimitNext: number | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    private options: { apiKey: string; monthlyQuota: number; rates: Record<string, number> }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(options: {
    apiKey: string
    monthlyQuota?: number
    rates: Record<string, number>
  }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new CurrencyApiFake(server, `http://127.0.0.1:${port}`, {
      monthlyQuota: 300,
      ...options,
    })
  }

  /** The next `latest` call hits the per-minute limit: 429 with Retry-After. */
  rateLimitNext(retryAfterSeconds: number) {
    this.#rateLimitNext = retryAfterSeconds
  }

  close() {
    return closeServer(this.server)
  }

  #onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...headers })
        .end(JSON.stringify(body))
    const key = req.headers.apikey ?? url.searchParams.get('apikey')
    if (key !== this.options.apiKey) return send(401, { message: CURRENCY_API_UNAUTHORIZED })

    const total = this.options.monthlyQuota
    if (url.pathname === '/v3/status') {
      this.calls.status++
      return send(200, {
        account_id: 1,
        quotas: {
          month: { total, used: this.used, remaining: Math.max(0, total - this.used) },
          grace: { total: 0, used: 0, remaining: 0 },
        },
      })
    }
    if (url.pathname === '/v3/latest') {
      this.calls.latest++
      if (this.#rateLimitNext !== null) {
        const retryAfter = String(this.#rateLimitNext)
        this.#rateLimitNext = null
        return send(429, { message: 'Too many requests' }, { 'Retry-After': retryAfter })
      }
      if (this.used >= total) return send(429, { message: CURRENCY_API_QUOTA_SPENT })
      if ((url.searchParams.get('base_currency') ?? 'USD') !== 'USD') {
        return send(422, { message: 'The fake serves USD-based rates only' })
      }
      this.used++
      const data = Object.fromEntries(
        Object.entries({ USD: 1, ...this.options.rates }).map(([code, value]) => [
          code,
          { code, value },
        ])
      )
      return send(200, { meta: { last_updated_at: new Date().toISOString() }, data })
    }
    send(404, { message: 'Not found' })
  }
}
