import { createHash, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local Perfect Money SCI (PROTOCOLS.md §9). `POST /api/step1.asp` takes the
 * merchant's hidden form (what the customer's browser posts) and, when it names
 * one of the merchant's wallets with the matching units, records the payment
 * and shows the payment page. `complete` then plays the payer: it builds the
 * STATUS_URL post with V2_HASH, computed from the alternate passphrase set in
 * the merchant's account. The page texts are unconfirmed.
 *
 * The V2_HASH recipe is written out again here (not imported from the app) so
 * a bug in the app's helper cannot hide behind the fake.
 */
export interface FakePmPayment {
  form: Record<string, string>
}

export interface StatusPost {
  /** The STATUS_URL the merchant's form gave (where Perfect Money posts). */
  url: string | undefined
  fields: Record<string, string>
  body: string
}

const md5Upper = (text: string) =>
  createHash('md5').update(text, 'utf8').digest('hex').toUpperCase()

/** The recipe from Perfect Money's SCI spec and sample validation script. */
function v2Hash(f: Record<string, string>, alternatePassphrase: string) {
  const parts = [
    f.PAYMENT_ID,
    f.PAYEE_ACCOUNT,
    f.PAYMENT_AMOUNT,
    f.PAYMENT_UNITS,
    f.PAYMENT_BATCH_NUM,
    f.PAYER_ACCOUNT,
    md5Upper(alternatePassphrase),
    f.TIMESTAMPGMT,
  ]
  return md5Upper(parts.join(':'))
}

export class PerfectMoneyFake {
  payments: FakePmPayment[] = []
  posts = 0

  private constructor(
    private server: Server,
    readonly url: string,
    readonly account: { wallets: string[]; alternatePassphrase: string }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(account: PerfectMoneyFake['account']) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new PerfectMoneyFake(server, `http://127.0.0.1:${port}`, account)
  }

  close() {
    return closeServer(this.server)
  }

  /** What the customer's browser does with a payment link: post its query fields as a form to its address. */
  async submitLink(link: string) {
    const url = new URL(link)
    const body = url.searchParams.toString()
    url.search = ''
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    })
    return { status: response.status, text: await response.text() }
  }

  /**
   * The STATUS_URL post for a payment made through step1 (`paymentId`), or
   * built from `overrides` alone for one that was not; `passphrase` forges it.
   */
  complete(
    paymentId: string,
    overrides: Record<string, string> = {},
    options: { passphrase?: string; tamper?: Record<string, string> } = {}
  ): StatusPost {
    const form = this.payments.find((p) => p.form.PAYMENT_ID === paymentId)?.form ?? {}
    const fields: Record<string, string> = {
      PAYEE_ACCOUNT: form.PAYEE_ACCOUNT ?? this.account.wallets[0],
      PAYMENT_ID: paymentId,
      PAYMENT_AMOUNT: form.PAYMENT_AMOUNT ?? '0.00',
      PAYMENT_UNITS: form.PAYMENT_UNITS ?? 'USD',
      PAYMENT_BATCH_NUM: String(randomInt(100_000_000, 999_999_999)),
      PAYER_ACCOUNT: 'U9876543',
      TIMESTAMPGMT: String(Math.floor(Date.now() / 1000)),
      ...overrides,
    }
    fields.V2_HASH = v2Hash(fields, options.passphrase ?? this.account.alternatePassphrase)
    // Changes made after signing: what an attacker editing a genuine post would send.
    Object.assign(fields, options.tamper ?? {})
    return { url: form.STATUS_URL, fields, body: new URLSearchParams(fields).toString() }
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const page = (status: number, text: string) =>
      res
        .writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<html><body>${text}</body></html>`)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    if (req.method !== 'POST' || new URL(req.url ?? '/', this.url).pathname !== '/api/step1.asp') {
      return page(404, 'Not found')
    }
    this.posts++
    const form = Object.fromEntries(new URLSearchParams(raw))
    const payee = form.PAYEE_ACCOUNT ?? ''
    if (!this.account.wallets.includes(payee)) return page(400, 'Invalid Payee Account')
    const unitsOfWallet = { U: 'USD', E: 'EUR' }[payee[0]]
    if (form.PAYMENT_UNITS !== unitsOfWallet) return page(400, 'Invalid Payment Units')
    if (!/^\d+(\.\d{1,2})?$/.test(form.PAYMENT_AMOUNT ?? ''))
      return page(400, 'Invalid Payment Amount')
    for (const name of ['PAYEE_NAME', 'PAYMENT_URL', 'NOPAYMENT_URL']) {
      if (!form[name]) return page(400, `Missing ${name}`)
    }
    this.payments.push({ form })
    page(200, `Pay ${form.PAYMENT_AMOUNT} ${form.PAYMENT_UNITS} to ${form.PAYEE_NAME} (${payee})`)
  }
}
