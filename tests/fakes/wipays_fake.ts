import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'
import { readBody } from '#tests/fakes/read_body'

/**
 * A merchant's WiPays host, per docs.wipays.com (PROTOCOLS.md §11):
 * `POST /payment/initiate` authenticated by `public_key` in the JSON body,
 * answering `{ status: "success", message, redirect_url }`; IPNs signed as the
 * docs' PHP sample does (UPPER hex HMAC-SHA256 of identifier . timestamp with
 * the secret key), written here from the docs, not from the adapter. The
 * error answers' shape is UNCONFIRMED.
 */
const REQUIRED = [
  'amount',
  'currency',
  'identifier',
  'details',
  'ipn_url',
  'success_url',
  'cancel_url',
  'site_name',
]

export class WipaysFake {
  initiated: Record<string, any>[] = []
  #failNext: number | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    readonly keys: { publicKey: string; secretKey: string }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(keys: { publicKey: string; secretKey: string }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new WipaysFake(server, `http://127.0.0.1:${port}`, keys)
  }

  close() {
    return closeServer(this.server)
  }

  /** The next initiate call answers this HTTP status with an error body. */
  failNext(status: number) {
    this.#failNext = status
  }

  /** An IPN as WiPays posts it (JSON), signed with the secret key or `secret`. */
  ipn(fields: {
    identifier: string
    status?: string
    amount?: number | string
    currency?: string
    type?: 'checkout' | 'chargeback_initiated' | 'chargeback_resolved'
    timestamp?: number
    secret?: string
  }) {
    const timestamp = fields.timestamp ?? Math.floor(Date.now() / 1000)
    const signature = createHmac('sha256', fields.secret ?? this.keys.secretKey)
      .update(`${fields.identifier}${timestamp}`)
      .digest('hex')
      .toUpperCase()
    return {
      identifier: fields.identifier,
      status: fields.status ?? 'success',
      signature,
      timestamp,
      data: {
        trx: `TRX${randomBytes(6).toString('hex').toUpperCase()}`,
        amount: fields.amount ?? 100,
        currency: fields.currency ?? 'USD',
        type: fields.type ?? 'checkout',
        timestamp: '2026-11-21 10:00:00',
      },
    }
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (req.method !== 'POST' || req.url !== '/payment/initiate')
      return send(404, { status: 'error', message: 'Not found' })
    let body: Record<string, any>
    try {
      body = JSON.parse(await readBody(req))
    } catch {
      return send(400, { status: 'error', message: ['Invalid JSON'] })
    }
    this.initiated.push(body)
    if (this.#failNext !== null) {
      const status = this.#failNext
      this.#failNext = null
      return send(status, { status: 'error', message: ['Service unavailable'] })
    }
    if (body.public_key !== this.keys.publicKey)
      return send(401, { status: 'error', message: ['Invalid public key'] })
    const missing = REQUIRED.filter((name) => body[name] === undefined || body[name] === '')
    if (missing.length > 0 || typeof body.customer !== 'object') {
      return send(422, {
        status: 'error',
        message: missing.map((name) => `The ${name} field is required.`),
      })
    }
    const trx = randomBytes(8).toString('hex').toUpperCase()
    send(200, {
      status: 'success',
      message: 'Payment initiated successfully',
      redirect_url: `${this.url}/payment/checkout?payment_trx=${trx}`,
    })
  }
}
