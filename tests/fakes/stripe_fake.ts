import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local api.stripe.com for the subset the Checkout adapter uses (PROTOCOLS.md
 * §5): POST /v1/checkout/sessions (form-urlencoded, bracket notation) and
 * GET /v1/checkout/sessions/:id, authenticated with the secret key as a Bearer
 * token (or HTTP Basic user), Stripe's `{ error: { type, message, code, param } }`
 * failures, and Idempotency-Key replay of the first response (same key with
 * other parameters: idempotency_error). Tests move a session on (paid, unpaid,
 * expired) and build the events Stripe would send. Error texts follow Stripe's
 * wording as far as known; their exact text is UNCONFIRMED and nothing relies on it.
 */
export interface FakeSession {
  id: string
  object: 'checkout.session'
  amount_subtotal: number
  amount_total: number
  cancel_url: string | null
  success_url: string | null
  client_reference_id: string | null
  created: number
  currency: string
  customer: null
  customer_email: string | null
  expires_at: number
  livemode: boolean
  metadata: Record<string, string>
  mode: string
  payment_intent: string | null
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  url: string | null
}

export interface RecordedRequest {
  method: string
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  body: string
  params: Record<string, any>
}

interface StripeErrorBody {
  type: string
  message: string
  code?: string
  param?: string
}

/** Test-mode keys the functional tests configure the gateway with (not real ones). */
export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_51BrokerFakeKey0000000000000000000000000000000000',
  webhookSecret: 'whsec_brokerFakeSigningSecret000000000000000000',
} as const

const API_VERSION = '2026-10-28.endive'
const now = () => Math.floor(Date.now() / 1000)
const randomId = (prefix: string, length = 24) =>
  `${prefix}${randomBytes(length).toString('base64url').replace(/[-_]/g, '0').slice(0, length)}`

/**
 * Stripe's documented webhook signature (docs.stripe.com/webhooks#verify-manually),
 * written from the recipe rather than the SDK: `signed_payload = t + "." + body`,
 * `v1 = hex(HMAC-SHA256(endpoint secret, signed_payload))`, header
 * `t=<unix seconds>,v1=<hex>`; several v1 while secrets roll.
 */
export function signStripeWebhook(
  payload: string,
  secrets: string | string[],
  timestamp = now()
): string {
  const v1 = (Array.isArray(secrets) ? secrets : [secrets]).map(
    (secret) =>
      `v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`
  )
  return [`t=${timestamp}`, ...v1].join(',')
}

/** Delivers a webhook as Stripe does: a JSON POST with the Stripe-Signature header (when given). */
export async function postStripeWebhook(baseUrl: string, payload: string, signature?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'accept': '*/*; q=0.5, application/xml',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  }
  if (signature !== undefined) headers['stripe-signature'] = signature
  const response = await fetch(new URL('/payments/stripe/notify', baseUrl), {
    method: 'POST',
    headers,
    body: payload,
  })
  return { status: response.status, text: await response.text() }
}

/** `a[0][b]=c` form fields as nested objects and arrays, the way Stripe reads them. */
export function parseBracketForm(body: string): Record<string, any> {
  const root: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[')
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype'))
      continue
    let node: any = root
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value
        return
      }
      node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {}
      node = node[part]
    })
  }
  return root
}

function maskKey(key: string) {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? ''
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`
}

export class StripeFake {
  readonly sessions = new Map<string, FakeSession>()
  readonly requests: RecordedRequest[] = []
  #idempotent = new Map<string, { body: string; status: number; response: unknown }>()
  #failNext: { status: number; error: StripeErrorBody } | null = null

  private constructor(
    private server: Server,
    readonly url: string,
    readonly secretKey: string
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(options: { secretKey: string }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new StripeFake(server, `http://127.0.0.1:${port}`, options.secretKey)
  }

  close() {
    return closeServer(this.server)
  }

  reset() {
    this.sessions.clear()
    this.requests.length = 0
    this.#idempotent.clear()
    this.#failNext = null
  }

  /** The next API call answers this Stripe error (a declined key, an outage). */
  failNext(status: number, error: StripeErrorBody) {
    this.#failNext = { status, error }
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id)
    if (!session) throw new Error(`No fake session ${id}`)
    return session
  }

  /**
   * The customer finishes Checkout: complete and paid (or unpaid, for a delayed
   * method). `amountTotal`/`currency` let a test claim a different collection.
   */
  complete(id: string, options: { paid?: boolean; amountTotal?: number; currency?: string } = {}) {
    const session = this.session(id)
    session.status = 'complete'
    session.payment_status = options.paid === false ? 'unpaid' : 'paid'
    session.payment_intent = randomId('pi_')
    session.url = null
    if (options.amountTotal !== undefined) session.amount_total = options.amountTotal
    if (options.currency !== undefined) session.currency = options.currency
    return session
  }

  /** A delayed payment method settles later (checkout.session.async_payment_succeeded). */
  settleAsync(id: string) {
    this.session(id).payment_status = 'paid'
  }

  expire(id: string) {
    const session = this.session(id)
    session.status = 'expired'
    session.url = null
    return session
  }

  /** The body Stripe POSTs for an event about the session as it stands (pretty-printed, as Stripe sends it). */
  eventPayload(type: string, sessionId: string, overrides: { livemode?: boolean } = {}) {
    const session = { ...this.session(sessionId), ...overrides }
    const event = {
      id: randomId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: session },
      livemode: session.livemode,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }
    return JSON.stringify(event, null, 2)
  }

  #onRequest(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => this.#handle(req, res, Buffer.concat(chunks).toString('utf8')))
  }

  #handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': randomId('req_', 14),
          ...headers,
        })
        .end(JSON.stringify(payload, null, 2))
    const fail = (status: number, error: StripeErrorBody) => send(status, { error })
    const idempotencyKey = header(req, 'idempotency-key')
    const method = req.method ?? 'GET'
    this.requests.push({
      method,
      path: url.pathname,
      authorization: header(req, 'authorization'),
      idempotencyKey,
      body,
      params: method === 'POST' ? parseBracketForm(body) : Object.fromEntries(url.searchParams),
    })

    const key = this.#apiKey(req)
    if (!key) {
      return fail(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    }
    if (key !== this.secretKey) {
      return fail(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      })
    }
    if (this.#failNext) {
      const { status, error } = this.#failNext
      this.#failNext = null
      return fail(status, error)
    }

    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const scope = idempotencyKey ? `${key}:${idempotencyKey}` : null
      const previous = scope ? this.#idempotent.get(scope) : undefined
      if (previous) {
        if (previous.body !== body) {
          return fail(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          })
        }
        return send(previous.status, previous.response, {
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey!,
        })
      }
      const created = this.#createSession(parseBracketForm(body), key)
      if ('error' in created) return fail(400, created.error)
      if (scope)
        this.#idempotent.set(scope, {
          body,
          status: 200,
          response: structuredClone(created.session),
        })
      return send(200, created.session, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {})
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
    if (method === 'GET' && retrieve) {
      const session = this.sessions.get(decodeURIComponent(retrieve[1]))
      if (!session) {
        return fail(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${decodeURIComponent(retrieve[1])}'`,
        })
      }
      return send(200, session)
    }

    fail(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    })
  }

  /** The secret key: `Authorization: Bearer <key>` or HTTP Basic with the key as user name. */
  #apiKey(req: IncomingMessage): string | null {
    const auth = header(req, 'authorization') ?? ''
    const bearer = /^Bearer\s+(\S+)$/i.exec(auth)
    if (bearer) return bearer[1]
    const basic = /^Basic\s+(\S+)$/i.exec(auth)
    if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] || null
    return null
  }

  #createSession(
    params: Record<string, any>,
    key: string
  ): { session: FakeSession } | { error: StripeErrorBody } {
    const missing = (param: string): { error: StripeErrorBody } => ({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param,
        message: `Missing required param: ${param}.`,
      },
    })
    const invalidInteger = (param: string, value: unknown): { error: StripeErrorBody } => ({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param,
        message: `Invalid integer: ${value}`,
      },
    })
    if (!params.mode) return missing('mode')
    if (params.mode === 'payment' && !params.success_url) return missing('success_url')
    const items: any[] = Array.isArray(params.line_items) ? params.line_items : []
    if (params.mode === 'payment' && !items.length) return missing('line_items')
    let total = 0
    let currency: string | null = null
    for (const [i, item] of items.entries()) {
      const at = `line_items[${i}]`
      const price = item?.price_data
      if (!price) return missing(`${at}[price_data]`)
      if (!price.currency) return missing(`${at}[price_data][currency]`)
      if (!price.product_data?.name) return missing(`${at}[price_data][product_data][name]`)
      if (price.unit_amount === undefined) return missing(`${at}[price_data][unit_amount]`)
      if (!/^\d+$/.test(price.unit_amount))
        return invalidInteger(`${at}[price_data][unit_amount]`, price.unit_amount)
      if (item.quantity === undefined) return missing(`${at}[quantity]`)
      if (!/^\d+$/.test(item.quantity)) return invalidInteger(`${at}[quantity]`, item.quantity)
      if (currency && currency !== price.currency) {
        return {
          error: {
            type: 'invalid_request_error',
            message: 'All line items must share one currency.',
          },
        }
      }
      currency = String(price.currency)
      total += Number(price.unit_amount) * Number(item.quantity)
    }
    const id = randomId(key.startsWith('sk_live_') ? 'cs_live_a1' : 'cs_test_a1', 56)
    const created = now()
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      success_url: params.success_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency: currency ?? 'usd',
      customer: null,
      customer_email: params.customer_email ?? null,
      expires_at: created + 24 * 3600,
      livemode: key.startsWith('sk_live_'),
      metadata: { ...(params.metadata ?? {}) },
      mode: params.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      url: `https://checkout.stripe.com/c/pay/${id}#${randomBytes(48).toString('base64url')}`,
    }
    this.sessions.set(id, session)
    return { session }
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(',') : value
}
