import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { crc32 } from 'node:zlib'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'

/**
 * A local PayPal (PROTOCOLS.md §6): the REST subset the adapter uses —
 * OAuth2 client-credentials tokens (Basic auth), Orders v2 create / get /
 * capture with PayPal-Request-Id replay and PayPal's error shapes, and
 * verify-webhook-signature — plus a tiny stand-in for the JS SDK's
 * `paypal.Buttons` served at /sdk/js.
 *
 * The fake cannot sign as PayPal (RSA with PayPal's certificate), so it signs
 * transmissions with a key of its own over PayPal's documented string
 * `id|time|webhookId|crc32(body)`, and its verify-webhook-signature answers
 * SUCCESS only for transmissions it signed itself, for the same event.
 */
export type CaptureBehaviour = {
  /** The capture's own status (default COMPLETED). */
  status?: 'COMPLETED' | 'DECLINED' | 'PENDING'
  /** What the capture reports as collected (default: the order's amount). */
  amount?: string
  /** A 422 refusal instead of a capture; the order stays APPROVED. */
  refuse?: 'INSTRUMENT_DECLINED'
}

interface Amount {
  currency_code: string
  value: string
}
interface FakeCapture {
  id: string
  status: string
  amount: Amount
  custom_id?: string
  invoice_id?: string
  create_time: string
}
export interface FakeOrder {
  id: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  /** The create request's body, as the adapter sent it. */
  request: { intent?: string; purchase_units?: Record<string, unknown>[] }
  amount: Amount
  unit: { reference_id?: string; custom_id?: string; invoice_id?: string }
  capture?: FakeCapture
  behaviour: CaptureBehaviour
}

const UNPROCESSABLE =
  'The requested action could not be performed, semantically incorrect, or failed business validation.'
const ISSUES: Record<string, string> = {
  ORDER_ALREADY_CAPTURED:
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
}

const paypalId = (length = 17) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('')
}

export class PaypalFake {
  calls = { token: 0, create: 0, get: 0, capture: 0, verify: 0, sdk: 0 }
  orders = new Map<string, FakeOrder>()
  /** Every capture request as received (content type, body, request id, Prefer). */
  captureRequests: {
    orderId: string
    contentType?: string
    body: string
    requestId?: string
    prefer?: string
  }[] = []
  createRequestIds: string[] = []
  sdkQueries: URLSearchParams[] = []
  #tokens = new Map<string, number>()
  #createReplays = new Map<string, string>()
  #captureReplays = new Map<string, { status: number; body: unknown }>()
  #transmissions = new Map<string, { time: string; sig: string; event: string }>()
  #signingKey = randomBytes(32)
  #tokenTtl: number

  private constructor(
    private server: Server,
    readonly url: string,
    private options: {
      clientId: string
      secret: string
      webhookId: string
      tokenTtlSeconds?: number
    }
  ) {
    this.#tokenTtl = options.tokenTtlSeconds ?? 32400
    server.on('request', (req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => this.#onRequest(req, res, body))
    })
  }

  static async start(options: {
    clientId: string
    secret: string
    webhookId: string
    tokenTtlSeconds?: number
  }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new PaypalFake(server, `http://127.0.0.1:${port}`, options)
  }

  close() {
    return closeServer(this.server)
  }

  /** Forgets what was asked so far (counters and recorded requests); orders and tokens stay. */
  resetRecords() {
    this.calls = { token: 0, create: 0, get: 0, capture: 0, verify: 0, sdk: 0 }
    this.captureRequests = []
    this.createRequestIds = []
    this.sdkQueries = []
  }

  /** The payer approves the order on PayPal (what the SDK's window does). */
  approve(orderId: string) {
    const order = this.orders.get(orderId)
    if (!order) throw new Error(`no order ${orderId}`)
    if (order.status === 'CREATED') order.status = 'APPROVED'
  }

  /** How the next capture of `orderId` turns out. */
  captureWill(orderId: string, behaviour: CaptureBehaviour) {
    this.orders.get(orderId)!.behaviour = behaviour
  }

  /** Captures at PayPal without answering us (our call timed out, say): only the webhook tells. */
  captureSilently(orderId: string) {
    this.approve(orderId)
    this.#capture(this.orders.get(orderId)!)
  }

  /** Every issued token stops working (PayPal revoked them early). */
  revokeTokens() {
    this.#tokens.clear()
  }

  /** A webhook event for the order's capture, shaped like PayPal's PAYMENT.CAPTURE.* events. */
  captureEvent(orderId: string, eventType = 'PAYMENT.CAPTURE.COMPLETED') {
    const order = this.orders.get(orderId)!
    const capture = order.capture!
    return {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Payment completed for $ ${capture.amount.value} ${capture.amount.currency_code}`,
      resource: {
        ...this.#captureJson(capture),
        supplementary_data: { related_ids: { order_id: order.id } },
      },
      links: [
        {
          href: 'https://api.sandbox.paypal.com/v1/notifications/webhooks-events/WH-FAKE',
          rel: 'self',
          method: 'GET',
        },
      ],
    }
  }

  /** The POST PayPal would send for `event`: its JSON body and transmission headers, signed by the fake. */
  signedWebhook(event: unknown, options: { webhookId?: string } = {}) {
    const body = JSON.stringify(event)
    const id = randomUUID()
    const time = new Date().toISOString()
    const sig = this.#sign(id, time, options.webhookId ?? this.options.webhookId, body)
    this.#transmissions.set(id, { time, sig, event: body })
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sig,
        'paypal-cert-url':
          'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-fake',
        'paypal-auth-algo': 'SHA256withRSA',
      },
    }
  }

  #sign(id: string, time: string, webhookId: string, body: string) {
    const message = `${id}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8')) >>> 0}`
    return createHmac('sha256', this.#signingKey).update(message).digest('base64')
  }

  #onRequest(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, {
          'Content-Type': 'application/json',
          'Paypal-Debug-Id': paypalId(13).toLowerCase(),
          ...headers,
        })
        .end(payload === undefined ? '' : JSON.stringify(payload))
    const path = url.pathname
    const method = req.method ?? 'GET'

    if (method === 'GET' && path === '/sdk/js') return this.#sdk(url, res)
    if (path.startsWith('/__fake/approve/')) return this.#approveFromBrowser(method, path, res)
    if (method === 'POST' && path === '/v1/oauth2/token') return this.#token(req, body, send)

    if (!this.#authorized(req)) {
      return send(401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [
          {
            href: 'https://developer.paypal.com/docs/api/overview/#error',
            rel: 'information_link',
          },
        ],
      })
    }
    if (method === 'POST' && path === '/v2/checkout/orders') return this.#create(req, body, send)
    const order = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/)
    if (order && method === 'GET' && !order[2]) return this.#get(decodeURIComponent(order[1]), send)
    if (order && method === 'POST' && order[2])
      return this.#captureCall(decodeURIComponent(order[1]), req, body, send)
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature')
      return this.#verify(body, send)
    send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' })
  }

  #token(req: IncomingMessage, body: string, send: (s: number, p: unknown) => void) {
    this.calls.token++
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.secret}`).toString('base64')}`
    const given = req.headers.authorization ?? ''
    const ok =
      given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    if (!ok)
      return send(401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      })
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return send(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' })
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`
    this.#tokens.set(token, Date.now() + this.#tokenTtl * 1000)
    send(200, {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders/client_sdk_orders_api',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: this.#tokenTtl,
      nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
    })
  }

  #authorized(req: IncomingMessage) {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const expires = this.#tokens.get(token)
    return expires !== undefined && expires > Date.now()
  }

  #create(req: IncomingMessage, body: string, send: (s: number, p: unknown) => void) {
    this.calls.create++
    const requestId = header(req, 'paypal-request-id')
    if (requestId) this.createRequestIds.push(requestId)
    const replay = requestId ? this.#createReplays.get(requestId) : undefined
    if (replay) return send(200, this.#orderJson(this.orders.get(replay)!, header(req, 'prefer')))

    let request: FakeOrder['request']
    try {
      request = JSON.parse(body)
    } catch {
      return send(400, invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'))
    }
    const unit = request?.purchase_units?.[0] as
      (FakeOrder['unit'] & { amount?: Partial<Amount> }) | undefined
    if (request?.intent !== 'CAPTURE' && request?.intent !== 'AUTHORIZE') {
      return send(
        400,
        invalid('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/intent')
      )
    }
    const amount = unit?.amount
    if (!unit || !amount?.currency_code || !amount.value) {
      return send(
        400,
        invalid(
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
          "/purchase_units/@reference_id=='default'/amount"
        )
      )
    }
    if (!/^[A-Z]{3}$/.test(amount.currency_code)) {
      return send(422, unprocessable('CURRENCY_NOT_SUPPORTED'))
    }
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(amount.value))
      return send(422, unprocessable('DECIMAL_PRECISION'))

    const order: FakeOrder = {
      id: paypalId(),
      status: 'CREATED',
      request,
      amount: { currency_code: amount.currency_code, value: amount.value },
      unit: {
        reference_id: unit.reference_id ?? 'default',
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
      },
      behaviour: {},
    }
    this.orders.set(order.id, order)
    if (requestId) this.#createReplays.set(requestId, order.id)
    send(201, this.#orderJson(order, header(req, 'prefer')))
  }

  #get(id: string, send: (s: number, p: unknown) => void) {
    this.calls.get++
    const order = this.orders.get(id)
    if (!order) return send(404, notFound())
    send(200, this.#orderJson(order, 'return=representation', true))
  }

  #captureCall(
    id: string,
    req: IncomingMessage,
    body: string,
    send: (s: number, p: unknown) => void
  ) {
    this.calls.capture++
    const requestId = header(req, 'paypal-request-id')
    const prefer = header(req, 'prefer')
    this.captureRequests.push({
      orderId: id,
      contentType: header(req, 'content-type'),
      body,
      requestId,
      prefer,
    })
    if (!header(req, 'content-type')?.startsWith('application/json')) {
      return send(415, {
        name: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The server does not support the request payload’s media type.',
      })
    }
    if (body.trim() && body.trim() !== '{}') {
      try {
        JSON.parse(body)
      } catch {
        return send(400, invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'))
      }
    }
    const key = requestId ? `${id}|${requestId}` : undefined
    const replay = key ? this.#captureReplays.get(key) : undefined
    if (replay) return send(replay.status, replay.body)

    const order = this.orders.get(id)
    let answer: { status: number; body: unknown }
    if (!order) answer = { status: 404, body: notFound() }
    else if (order.status === 'COMPLETED')
      answer = { status: 422, body: unprocessable('ORDER_ALREADY_CAPTURED') }
    else if (order.status === 'CREATED')
      answer = { status: 422, body: unprocessable('ORDER_NOT_APPROVED') }
    else if (order.behaviour.refuse)
      answer = { status: 422, body: unprocessable(order.behaviour.refuse) }
    else {
      this.#capture(order)
      answer = { status: 201, body: this.#orderJson(order, prefer) }
    }
    if (key) this.#captureReplays.set(key, answer)
    send(answer.status, answer.body)
  }

  #capture(order: FakeOrder) {
    order.status = 'COMPLETED'
    order.capture = {
      id: paypalId(),
      status: order.behaviour.status ?? 'COMPLETED',
      amount: {
        currency_code: order.amount.currency_code,
        value: order.behaviour.amount ?? order.amount.value,
      },
      custom_id: order.unit.custom_id,
      invoice_id: order.unit.invoice_id,
      create_time: new Date().toISOString(),
    }
  }

  #verify(body: string, send: (s: number, p: unknown) => void) {
    this.calls.verify++
    let request: Record<string, unknown>
    try {
      request = JSON.parse(body)
    } catch {
      return send(400, invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'))
    }
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof request[field] !== 'string' || !request[field]) {
        return send(400, {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          details: [{ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' }],
        })
      }
    }
    if (!request.webhook_event || typeof request.webhook_event !== 'object') {
      return send(400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        details: [
          { field: 'webhook_event', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' },
        ],
      })
    }
    const signed = this.#transmissions.get(String(request.transmission_id))
    const event = JSON.stringify(request.webhook_event)
    const expected =
      signed &&
      this.#sign(
        String(request.transmission_id),
        String(request.transmission_time),
        String(request.webhook_id),
        event
      )
    const ok =
      signed !== undefined &&
      request.webhook_id === this.options.webhookId &&
      request.transmission_time === signed.time &&
      request.transmission_sig === signed.sig &&
      request.transmission_sig === expected &&
      event === JSON.stringify(JSON.parse(signed.event))
    send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' })
  }

  #captureJson(capture: FakeCapture) {
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: capture.amount,
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      seller_receivable_breakdown: {
        gross_amount: capture.amount,
        paypal_fee: { currency_code: capture.amount.currency_code, value: '0.00' },
        net_amount: capture.amount,
      },
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
      links: [
        {
          href: `https://api.sandbox.paypal.com/v2/payments/captures/${capture.id}`,
          rel: 'self',
          method: 'GET',
        },
      ],
      create_time: capture.create_time,
      update_time: capture.create_time,
    }
  }

  /**
   * An order as PayPal answers it: `return=minimal` (the default) is id,
   * status and links; `return=representation` adds the purchase unit and,
   * once captured, its captures. A capture answer's unit omits custom_id
   * (it is on the capture); GET shows it on the unit too.
   */
  #orderJson(order: FakeOrder, prefer: string | undefined, withUnitIds = false) {
    const links = [
      {
        href: `https://api.sandbox.paypal.com/v2/checkout/orders/${order.id}`,
        rel: 'self',
        method: 'GET',
      },
      ...(order.status === 'CREATED'
        ? [
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
              rel: 'approve',
              method: 'GET',
            },
          ]
        : []),
      ...(order.status === 'APPROVED'
        ? [
            {
              href: `https://api.sandbox.paypal.com/v2/checkout/orders/${order.id}/capture`,
              rel: 'capture',
              method: 'POST',
            },
          ]
        : []),
    ]
    if (prefer !== 'return=representation') return { id: order.id, status: order.status, links }
    const unit = {
      reference_id: order.unit.reference_id,
      amount: order.amount,
      payee: { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT1' },
      ...(withUnitIds && order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
      ...(withUnitIds && order.unit.invoice_id ? { invoice_id: order.unit.invoice_id } : {}),
      ...(order.capture ? { payments: { captures: [this.#captureJson(order.capture)] } } : {}),
    }
    return {
      id: order.id,
      intent: order.request.intent,
      status: order.status,
      purchase_units: [unit],
      ...(order.status !== 'CREATED'
        ? {
            payer: {
              name: { given_name: 'John', surname: 'Doe' },
              email_address: 'buyer@example.com',
              payer_id: 'FAKEPAYER',
            },
          }
        : {}),
      create_time: new Date().toISOString(),
      links,
    }
  }

  /* POST /__fake/approve/{id}: the fake SDK's stand-in for the payer approving in PayPal's window. */
  #approveFromBrowser(method: string, path: string, res: ServerResponse) {
    const cors = { 'Access-Control-Allow-Origin': '*' }
    if (method === 'OPTIONS')
      return res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST' }).end()
    const id = decodeURIComponent(path.slice('/__fake/approve/'.length))
    if (method !== 'POST' || !this.orders.has(id)) return res.writeHead(404, cors).end()
    this.approve(id)
    res.writeHead(204, cors).end()
  }

  /* GET /sdk/js?client-id&currency: defines window.paypal.Buttons with one button. */
  #sdk(url: URL, res: ServerResponse) {
    this.calls.sdk++
    this.sdkQueries.push(url.searchParams)
    const js = { 'Content-Type': 'application/javascript' }
    if (url.searchParams.get('client-id') !== this.options.clientId) {
      return res
        .writeHead(400, js)
        .end(`throw new Error("SDK Validation error: 'Invalid query value for client-id'");`)
    }
    res.writeHead(200, js).end(fakeSdk(this.url))
  }
}

function header(req: IncomingMessage, name: string) {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function unprocessable(issue: string) {
  return {
    name: 'UNPROCESSABLE_ENTITY',
    details: [{ issue, description: ISSUES[issue] ?? issue }],
    message: UNPROCESSABLE,
    debug_id: paypalId(13).toLowerCase(),
    links: [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
        rel: 'information_link',
        method: 'GET',
      },
    ],
  }
}

function invalid(issue: string, description: string, field?: string) {
  return {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: paypalId(13).toLowerCase(),
    details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
    links: [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
        rel: 'information_link',
      },
    ],
  }
}

function notFound() {
  return {
    name: 'RESOURCE_NOT_FOUND',
    details: [
      {
        field: 'order_id',
        value: '',
        location: 'path',
        issue: 'INVALID_RESOURCE_ID',
        description:
          'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ],
    message: 'The specified resource does not exist.',
    debug_id: paypalId(13).toLowerCase(),
  }
}

/** The JS SDK stand-in: one 'PayPal' button; a click creates the order through our server, approves it, then calls onApprove. */
function fakeSdk(origin: string) {
  return `(function () {
  var fake = ${JSON.stringify(origin)};
  function Buttons(options) {
    return {
      isEligible: function () { return true; },
      close: function () { return Promise.resolve(); },
      render: function (container) {
        var host = typeof container === 'string' ? document.querySelector(container) : container;
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('data-testid', 'paypal-fake-button');
        button.onclick = function () {
          button.disabled = true;
          Promise.resolve()
            .then(function () { return options.createOrder({ paymentSource: 'paypal' }, {}); })
            .then(function (orderID) {
              return fetch(fake + '/__fake/approve/' + encodeURIComponent(orderID), { method: 'POST' })
                .then(function (r) { if (!r.ok) throw new Error('approval failed ' + r.status); })
                .then(function () { return options.onApprove({ orderID: orderID, payerID: 'FAKEPAYER' }, {}); });
            })
            .catch(function (error) {
              button.disabled = false;
              if (options.onError) options.onError(error);
            });
        };
        host.appendChild(button);
        return Promise.resolve();
      }
    };
  }
  window.paypal = { Buttons: Buttons, version: 'fake' };
})();
`
}
