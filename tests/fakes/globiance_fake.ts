import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { money } from '#domain/money'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'
import { readBody } from '#tests/fakes/read_body'

/**
 * A local GlobiancePay merchant API, per developers.globiancepay.com
 * (PROTOCOLS.md §11): `POST /create-checkout` with the API key in the JSON
 * body, answering `{ message: "checkout created", data: {...} }`. The docs
 * publish no endpoint to query a checkout, so the fake has none. The field
 * holding the checkout link (`checkoutUrl`) and the error bodies are
 * UNCONFIRMED. Callbacks are shaped like GlobiancePay's sample merchant's
 * (unsigned: GlobiancePay documents no signature).
 */
export class GlobianceFake {
  /** Each create-checkout body, raw (to see how the amount was written) and parsed. */
  checkouts: { raw: string; body: Record<string, any> }[] = []
  #failNext: number | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    readonly apiKey: string
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(apiKey: string) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new GlobianceFake(server, `http://127.0.0.1:${port}`, apiKey)
  }

  close() {
    return closeServer(this.server)
  }

  failNext(status: number) {
    this.#failNext = status
  }

  /** A store callback as GlobiancePay's sample merchant reads it. */
  static callback(fields: {
    clientId: string
    checkoutId?: string
    amount: number
    event?: string
    status?: string
  }) {
    return {
      event: fields.event ?? 'settled',
      type: 'payment',
      clientId: fields.clientId,
      checkoutId: fields.checkoutId ?? randomUUID(),
      checkoutTime: '2026-11-21T10:00:00.000Z',
      payload: { payment: { amount: fields.amount, status: fields.status ?? 'confirmed' } },
    }
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (req.method !== 'POST' || req.url !== '/create-checkout')
      return send(404, { message: 'Not Found' })
    const raw = await readBody(req)
    let body: Record<string, any>
    try {
      body = JSON.parse(raw)
    } catch {
      return send(400, { message: 'Invalid request body' })
    }
    this.checkouts.push({ raw, body })
    if (this.#failNext !== null) {
      const status = this.#failNext
      this.#failNext = null
      return send(status, { message: 'Internal server error' })
    }
    if (body.apiKey !== this.apiKey) return send(401, { message: 'Invalid API key' })
    if (typeof body.amount !== 'number' || !(body.amount > 0))
      return send(400, { message: 'amount must be greater than 0' })
    if (!['USD', 'EUR'].includes(body.currency))
      return send(400, { message: 'currency must be one of USD, EUR' })

    const items = (Array.isArray(body.items) ? body.items : []).map((item: any) => {
      const subTotal = money(String(item.price)).times(item.qty)
      const taxAmount = subTotal.times(String(item.taxRate)).dividedBy(100)
      return {
        ...item,
        taxAmount: taxAmount.toNumber(),
        subTotal: subTotal.toNumber(),
        total: subTotal.plus(taxAmount).toNumber(),
      }
    })
    const checkoutId = randomUUID()
    const now = Date.now()
    send(200, {
      message: 'checkout created',
      data: {
        checkoutId,
        checkoutUrl: `https://globiancepay.fake/checkout/${checkoutId}`,
        clientId: body.clientId ?? null,
        quotes: [],
        payments: [],
        items,
        requestCurrency: body.currency,
        requestCurrencyAmount: body.amount,
        duration: 1_800_000,
        checkoutTime: new Date(now).toISOString(),
        expiryTime: new Date(now + 1_800_000).toISOString(),
      },
    })
  }
}
