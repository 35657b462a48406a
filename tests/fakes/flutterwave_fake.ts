import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local Flutterwave v3 (PROTOCOLS.md §8): `POST /v3/payments` (Standard
 * hosted link) and `GET /v3/transactions/:id/verify`, both behind
 * `Authorization: Bearer <secret key>`, answering `{ status, message, data }`.
 * Tests create and change transactions (`pay`, `update`) the way a customer's
 * payment would, and get charge.completed webhooks carrying the dashboard's
 * secret hash in `verif-hash`, as Flutterwave sends them. Error texts and the
 * 400 for an unknown id are unconfirmed.
 */
export interface FakeFlwPayment {
  tx_ref: string
  amount: unknown
  currency: string
  redirect_url: string
  customer: Record<string, unknown>
  customizations?: Record<string, unknown>
}

export interface FakeFlwTransaction {
  id: number
  tx_ref: string
  flw_ref: string
  /** A decimal string; served as a JSON number, as Flutterwave does. */
  amount: string
  currency: string
  status: 'successful' | 'failed' | 'pending'
}

export interface FlutterwaveWebhook {
  body: string
  headers: Record<string, string>
}

let nextId = 4_100_000

export class FlutterwaveFake {
  payments: FakeFlwPayment[] = []
  transactions = new Map<number, FakeFlwTransaction>()
  calls = { payments: 0, verify: 0 }
  #failNext: { status: number; message: string } | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    readonly account: { secretKey: string; secretHash: string }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(account: FlutterwaveFake['account']) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new FlutterwaveFake(server, `http://127.0.0.1:${port}`, account)
  }

  close() {
    return closeServer(this.server)
  }

  /** The next API call fails with this HTTP status and message. */
  failNext(status: number, message: string) {
    this.#failNext = { status, message }
  }

  /** The customer pays for `txRef`: a transaction appears (defaults: the asked amount and currency, successful). */
  pay(txRef: string, overrides: Partial<Omit<FakeFlwTransaction, 'id'>> = {}): FakeFlwTransaction {
    const asked = this.payments.find((p) => p.tx_ref === txRef)
    const tx: FakeFlwTransaction = {
      id: nextId++,
      tx_ref: txRef,
      flw_ref: `FLW-MOCK-${randomBytes(6).toString('hex')}`,
      amount: asked ? String(asked.amount) : '0',
      currency: asked?.currency ?? 'NGN',
      status: 'successful',
      ...overrides,
    }
    this.transactions.set(tx.id, tx)
    return tx
  }

  /** Test control: change what verify answers for a transaction. */
  update(id: number, changes: Partial<Omit<FakeFlwTransaction, 'id'>>) {
    const tx = this.transactions.get(id)
    if (!tx) throw new Error(`No fake transaction ${id}`)
    Object.assign(tx, changes)
  }

  /**
   * A charge.completed webhook for a transaction, as Flutterwave posts it;
   * `data` overrides body fields (the body is not signed), `hash` the header.
   */
  webhook(
    id: number,
    options: { data?: Record<string, unknown>; hash?: string | null } = {}
  ): FlutterwaveWebhook {
    const tx = this.transactions.get(id)
    const data = tx ? { ...this.#serialize(tx), ...options.data } : { id, ...options.data }
    const body = JSON.stringify({
      'event': 'charge.completed',
      data,
      'event.type': 'CARD_TRANSACTION',
    })
    const hash = options.hash === undefined ? this.account.secretHash : options.hash
    return { body, headers: hash === null ? {} : { 'verif-hash': hash } }
  }

  #serialize(tx: FakeFlwTransaction) {
    return {
      id: tx.id,
      tx_ref: tx.tx_ref,
      flw_ref: tx.flw_ref,
      amount: Number(tx.amount),
      currency: tx.currency,
      charged_amount: Number(tx.amount),
      app_fee: 0,
      merchant_fee: 0,
      processor_response: tx.status === 'successful' ? 'Approved' : 'Declined',
      status: tx.status,
      payment_type: 'card',
      created_at: new Date().toISOString(),
      customer: { id: 1, name: 'Carla Customer', email: 'customer@demo.test' },
    }
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    const error = (status: number, message: string) =>
      send(status, { status: 'error', message, data: null })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const path = new URL(req.url ?? '/', this.url).pathname

    if (req.headers.authorization !== `Bearer ${this.account.secretKey}`) {
      return error(401, 'Invalid authorization key')
    }
    if (this.#failNext) {
      const { status, message } = this.#failNext
      this.#failNext = null
      return error(status, message)
    }

    if (req.method === 'POST' && path === '/v3/payments') {
      this.calls.payments++
      let body: Record<string, any>
      try {
        body = JSON.parse(raw)
      } catch {
        return error(400, 'Invalid JSON body')
      }
      for (const name of ['tx_ref', 'amount', 'redirect_url']) {
        if (body[name] === undefined || body[name] === '') return error(400, `${name} is required`)
      }
      if (!body.customer?.email) return error(400, 'customer.email is required')
      this.payments.push({
        tx_ref: body.tx_ref,
        amount: body.amount,
        currency: body.currency ?? 'NGN',
        redirect_url: body.redirect_url,
        customer: body.customer,
        customizations: body.customizations,
      })
      return send(200, {
        status: 'success',
        message: 'Hosted Link',
        data: { link: `${this.url}/v3/hosted/pay/${randomBytes(10).toString('hex')}` },
      })
    }

    const verify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(path)
    if (req.method === 'GET' && verify) {
      this.calls.verify++
      const tx = this.transactions.get(Number(verify[1]))
      if (!tx) return error(400, 'No transaction was found for this id')
      return send(200, {
        status: 'success',
        message: 'Transaction fetched successfully',
        data: this.#serialize(tx),
      })
    }
    error(404, 'Not found')
  }
}
