import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local MoonPay, per PROTOCOLS.md §10 and dev.moonpay.com: the widget's URL
 * signature check, webhooks signed as MoonPay signs them
 * (`Moonpay-Signature-V2: t=…,s=…`), and `GET /v1/transactions/ext/{id}`
 * (array answer; 404 when no transaction carries the id). The signing here
 * is written from MoonPay's docs, not from the adapter's code. Error bodies
 * are UNCONFIRMED.
 */
export interface MoonpayKeys {
  publicKey: string
  secretKey: string
  webhookKey: string
}

export type FakeTransaction = Record<string, unknown> & { externalTransactionId: string | null }

export class MoonpayFake {
  lookups: { path: string; apiKey: string | null; authorization: string | undefined }[] = []
  #transactions: FakeTransaction[] = []
  #failNext: number | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    readonly keys: MoonpayKeys
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(keys: MoonpayKeys) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new MoonpayFake(server, `http://127.0.0.1:${port}`, keys)
  }

  close() {
    return closeServer(this.server)
  }

  /** The next API call answers this HTTP status. */
  failNext(status: number) {
    this.#failNext = status
  }

  /** MoonPay now knows this transaction (as the lookup returns it). */
  record(transaction: FakeTransaction) {
    this.#transactions.push(transaction)
  }

  /** A Buy transaction shaped like MoonPay's webhook `data` and API answers. */
  static transaction(fields: {
    externalTransactionId: string | null
    status: 'completed' | 'failed' | 'pending' | 'waitingPayment' | 'waitingAuthorization'
    baseCurrencyAmount: number
    baseCurrencyCode: string
    walletAddress: string
    currencyCode: string
  }): FakeTransaction {
    return {
      id: randomUUID(),
      createdAt: '2026-11-21T10:00:03.640Z',
      updatedAt: '2026-11-21T10:00:31.251Z',
      baseCurrencyAmount: fields.baseCurrencyAmount,
      quoteCurrencyAmount: 0.0019,
      feeAmount: 3.99,
      extraFeeAmount: 0,
      networkFeeAmount: 0.56,
      areFeesIncluded: false,
      status: fields.status,
      failureReason: fields.status === 'failed' ? 'Card declined' : null,
      walletAddress: fields.walletAddress,
      walletAddressTag: null,
      cryptoTransactionId:
        fields.status === 'completed' ? '0x6751c8fce2e0fb5d57bb4801b31b35a7' : null,
      externalTransactionId: fields.externalTransactionId,
      paymentMethod: 'credit_debit_card',
      baseCurrencyId: 'edd81f1f-f735-4692-b410-6def107f17d2',
      baseCurrency: {
        id: 'edd81f1f-f735-4692-b410-6def107f17d2',
        type: 'fiat',
        code: fields.baseCurrencyCode,
        precision: 2,
      },
      currencyId: '8d305f63-1fd7-4e01-a220-8445e591aec4',
      currency: {
        id: '8d305f63-1fd7-4e01-a220-8445e591aec4',
        type: 'crypto',
        code: fields.currencyCode,
        precision: 5,
      },
      customerId: '2fcbcea3-6b62-49f1-b9d1-026d9bfd00b6',
    }
  }

  /**
   * A webhook as MoonPay posts it: the JSON text and its Moonpay-Signature-V2
   * header, signed with the webhook key (or `key`) at `timestamp` seconds.
   */
  webhook(
    type: 'transaction_created' | 'transaction_updated' | 'transaction_failed' | string,
    data: Record<string, unknown>,
    options: { timestamp?: number; key?: string } = {}
  ) {
    const rawBody = JSON.stringify({ type, data, externalCustomerId: null })
    const t = String(options.timestamp ?? Math.floor(Date.now() / 1000))
    const s = createHmac('sha256', options.key ?? this.keys.webhookKey)
      .update(`${t}.${rawBody}`)
      .digest('hex')
    return { rawBody, header: `t=${t},s=${s}` }
  }

  /**
   * What the widget checks before loading: the signature (last parameter) is
   * the base64 HMAC-SHA256, keyed with the secret key, of the query string
   * before it, leading '?' included.
   */
  widgetSignatureValid(link: string): boolean {
    const at = link.lastIndexOf('&signature=')
    if (at < 0) return false
    const search = link.slice(link.indexOf('?'), at)
    const given = decodeURIComponent(link.slice(at + '&signature='.length))
    const expected = createHmac('sha256', this.keys.secretKey).update(search).digest('base64')
    return given === expected
  }

  #onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    const ext = url.pathname.match(/^\/v1\/transactions\/ext\/([^/]+)$/)
    if (req.method !== 'GET' || !ext)
      return send(404, { message: 'Not found', type: 'NotFoundError' })

    const apiKey = url.searchParams.get('apiKey')
    this.lookups.push({ path: url.pathname, apiKey, authorization: req.headers.authorization })
    if (this.#failNext !== null) {
      const status = this.#failNext
      this.#failNext = null
      return send(status, { message: 'Something went wrong', type: 'InternalServerError' })
    }
    const authorization = req.headers.authorization
    if (
      apiKey !== this.keys.publicKey ||
      (authorization && authorization !== `Api-Key ${this.keys.secretKey}`)
    ) {
      return send(401, { message: 'Invalid API key', type: 'UnauthorizedError' })
    }
    const id = decodeURIComponent(ext[1])
    const found = this.#transactions.filter((tx) => tx.externalTransactionId === id)
    if (found.length === 0)
      return send(404, { message: 'Transaction not found', type: 'NotFoundError' })
    send(200, found)
  }
}
