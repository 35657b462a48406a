import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local CoinPayments legacy API v1 (PROTOCOLS.md §7): POST /api.php takes
 * form-urlencoded calls authenticated by `HMAC` = hex HMAC-SHA512(private key,
 * raw body) and answers HTTP 200 with `{ error, result }` — `error: 'ok'` or a
 * failure text. Only create_transaction is served. It also writes IPNs the way
 * CoinPayments does: form-encoded, `HMAC` header keyed with the IPN secret.
 * Exact error texts are unconfirmed.
 *
 * The signing recipe is written out again here on purpose (not imported from
 * the app), so a bug in the app's helper cannot hide behind the fake.
 */
export interface FakeCoinTransaction {
  txn_id: string
  fields: Record<string, string>
  amount: string
  currency1: string
  currency2: string
  invoice: string | undefined
  custom: string | undefined
  ipn_url: string | undefined
}

export interface SignedIpn {
  body: string
  headers: Record<string, string>
}

const hmacSha512Hex = (key: string, text: string) =>
  createHmac('sha512', key).update(text, 'utf8').digest('hex')

export class CoinPaymentsFake {
  transactions: FakeCoinTransaction[] = []
  calls = 0
  #failNext: string | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    readonly account: {
      publicKey: string
      privateKey: string
      merchantId: string
      ipnSecret: string
    }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(account: CoinPaymentsFake['account']) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new CoinPaymentsFake(server, `http://127.0.0.1:${port}`, account)
  }

  /** The next call is refused with this error text (HTTP 200, as CoinPayments does). */
  failNext(error: string) {
    this.#failNext = error
  }

  close() {
    return closeServer(this.server)
  }

  /**
   * An IPN for one of our orders, signed as CoinPayments signs it. `fields`
   * override the defaults (a paid api-type IPN for `invoice`); `secret`
   * overrides the IPN secret (to forge one).
   */
  ipn(fields: Record<string, string>, options: { secret?: string } = {}): SignedIpn {
    const all = {
      ipn_version: '1.0',
      ipn_id: randomBytes(16).toString('hex'),
      ipn_mode: 'hmac',
      ipn_type: 'api',
      merchant: this.account.merchantId,
      txn_id: `CPFAKE${randomBytes(6).toString('hex').toUpperCase()}`,
      status: '100',
      status_text: 'Complete',
      currency2: 'BTC',
      amount2: '0.00250000',
      fee: '0.00001250',
      buyer_name: 'Carla Customer',
      email: 'customer@demo.test',
      received_amount: '0.00250000',
      received_confirms: '3',
      ...fields,
    }
    const body = new URLSearchParams(all).toString()
    return {
      body,
      headers: { HMAC: hmacSha512Hex(options.secret ?? this.account.ipnSecret, body) },
    }
  }

  /** The IPN CoinPayments sends for a transaction created here, with its price and references. */
  ipnFor(
    txnId: string,
    fields: Record<string, string> = {},
    options: { secret?: string } = {}
  ): SignedIpn {
    const tx = this.transactions.find((t) => t.txn_id === txnId)
    if (!tx) throw new Error(`No fake transaction ${txnId}`)
    return this.ipn(
      {
        txn_id: tx.txn_id,
        amount1: tx.amount,
        currency1: tx.currency1,
        currency2: tx.currency2,
        ...(tx.invoice ? { invoice: tx.invoice } : {}),
        ...(tx.custom ? { custom: tx.custom } : {}),
        ...fields,
      },
      options
    )
  }

  /** Posts an IPN to `url` the way CoinPayments' servers do; resolves with the status and body text. */
  async deliver(url: string, ipn: SignedIpn) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...ipn.headers },
      body: ipn.body,
    })
    return { status: response.status, text: await response.text() }
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const answer = (body: unknown) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    const fail = (error: string) => answer({ error, result: [] })
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')

    if (req.method !== 'POST' || new URL(req.url ?? '/', this.url).pathname !== '/api.php') {
      return res.writeHead(404).end('Not found')
    }
    this.calls++
    const fields = Object.fromEntries(new URLSearchParams(raw))
    if (fields.key !== this.account.publicKey) return fail('Invalid API public key passed')
    if (req.headers.hmac !== hmacSha512Hex(this.account.privateKey, raw))
      return fail('HMAC signature does not match')
    if (fields.version !== '1') return fail('Invalid API version')
    if (this.#failNext !== null) {
      const error = this.#failNext
      this.#failNext = null
      return fail(error)
    }
    if (fields.cmd !== 'create_transaction') return fail('Invalid command')
    for (const name of ['amount', 'currency1', 'currency2', 'buyer_email']) {
      if (!fields[name]) return fail(`Missing required field: ${name}`)
    }

    const txnId = `CPFAKE${randomBytes(6).toString('hex').toUpperCase()}`
    this.transactions.push({
      txn_id: txnId,
      fields,
      amount: fields.amount,
      currency1: fields.currency1,
      currency2: fields.currency2,
      invoice: fields.invoice,
      custom: fields.custom,
      ipn_url: fields.ipn_url,
    })
    const key = randomBytes(8).toString('hex')
    answer({
      error: 'ok',
      result: {
        amount: '0.00250000',
        txn_id: txnId,
        address: 'bc1qfakeaddressfortests0000000000000000',
        confirms_needed: '2',
        timeout: 27000,
        checkout_url: `${this.url}/index.php?cmd=checkout&id=${txnId}&key=${key}`,
        status_url: `${this.url}/index.php?cmd=status&id=${txnId}&key=${key}`,
        qrcode_url: `${this.url}/qrgen.php?id=${txnId}&key=${key}`,
      },
    })
  }
}
