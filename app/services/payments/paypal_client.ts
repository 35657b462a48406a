import { createHash } from 'node:crypto'
import { providerBase } from '#services/payments/endpoints'
import { ProviderError, type GatewaySettings } from '#services/payments/types'

/**
 * A small client for PayPal's REST API (PROTOCOLS.md §6): OAuth2
 * client-credentials tokens, cached until shortly before they expire, and
 * JSON calls with a Bearer token. Nothing here touches the database.
 */
export interface PaypalCredentials {
  clientId: string
  secret: string
  mode: 'sandbox' | 'live'
}

/** A PayPal error answer: the HTTP status, PayPal's error `name` and the `details[].issue` codes. */
export class PaypalApiError extends ProviderError {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issues: string[]
  ) {
    super(`PayPal answered ${status} ${errorName}${issues.length ? ` (${issues.join(', ')})` : ''}`)
  }

  has(issue: string) {
    return this.issues.includes(issue)
  }
}

/** key1 client id, key2 secret, key3 mode (GATEWAY_FORMS.paypal). */
export function paypalCredentials(gateway: GatewaySettings): PaypalCredentials {
  const clientId = gateway.key1?.trim()
  const secret = gateway.key2?.trim()
  const mode = gateway.key3?.trim()
  if (!clientId || !secret)
    throw new ProviderError('PayPal client id and secret are not configured')
  // Never guess the environment: a wrong guess either charges real money or never credits it.
  if (mode !== 'sandbox' && mode !== 'live')
    throw new ProviderError('PayPal mode must be sandbox or live')
  return { clientId, secret, mode }
}

export function paypalApiBase(mode: PaypalCredentials['mode']): string {
  return mode === 'live'
    ? providerBase('paypal-live', 'https://api-m.paypal.com')
    : providerBase('paypal-sandbox', 'https://api-m.sandbox.paypal.com')
}

/** Tokens are renewed this long before PayPal's `expires_in` runs out. */
const RENEW_MARGIN_MS = 60_000
const TIMEOUT_MS = 15_000

interface CachedToken {
  token: string
  expiresAt: number
}
const tokens = new Map<string, Promise<CachedToken>>()

/* One cache entry per API host, client id and secret (a rotated secret gets a token of its own). */
function cacheKey(credentials: PaypalCredentials) {
  const secretDigest = createHash('sha256').update(credentials.secret).digest('hex').slice(0, 16)
  return `${paypalApiBase(credentials.mode)}|${credentials.clientId}|${secretDigest}`
}

/** Forgets every cached token (tests). */
export function forgetPaypalTokens() {
  tokens.clear()
}

async function fetchToken(credentials: PaypalCredentials): Promise<CachedToken> {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64')
  const response = await send(`${paypalApiBase(credentials.mode)}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      'Authorization': `Basic ${basic}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Accept': 'application/json',
    },
    body: 'grant_type=client_credentials',
  })
  const body = (await readJson(response)) as {
    access_token?: unknown
    expires_in?: unknown
    error?: unknown
  }
  if (!response.ok || typeof body?.access_token !== 'string') {
    throw new PaypalApiError(
      response.status,
      typeof body?.error === 'string' ? body.error : 'TOKEN_REFUSED',
      []
    )
  }
  const lifetimeMs =
    (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300) * 1000
  return {
    token: body.access_token,
    expiresAt: Date.now() + Math.max(lifetimeMs - RENEW_MARGIN_MS, lifetimeMs / 2),
  }
}

/** A valid access token; concurrent callers share one token request. */
async function accessToken(credentials: PaypalCredentials): Promise<string> {
  const key = cacheKey(credentials)
  const cached = tokens.get(key)
  if (cached) {
    const entry = await cached.catch(() => null)
    if (entry && entry.expiresAt > Date.now()) return entry.token
    if (tokens.get(key) === cached) tokens.delete(key)
  }
  if (!tokens.has(key)) {
    const pending = fetchToken(credentials)
    tokens.set(key, pending)
    pending.catch(() => {
      if (tokens.get(key) === pending) tokens.delete(key)
    })
  }
  return (await tokens.get(key)!).token
}

export interface PaypalCall {
  method: 'GET' | 'POST'
  path: string
  /** A JSON body: an object is serialized; a string is sent exactly as given. */
  body?: object | string
  /** PayPal-Request-Id: a repeat answers with the first request's result. */
  requestId?: string
  prefer?: 'return=minimal' | 'return=representation'
}

/**
 * Calls the API with a Bearer token and answers the parsed JSON of a 2xx
 * answer; anything else throws PaypalApiError. A 401 (a token PayPal revoked
 * early) drops the cached token and retries once.
 */
export async function paypalRequest<T = Record<string, unknown>>(
  credentials: PaypalCredentials,
  call: PaypalCall
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await accessToken(credentials)}`,
      Accept: 'application/json',
    }
    if (call.method === 'POST') headers['Content-Type'] = 'application/json'
    if (call.requestId) headers['PayPal-Request-Id'] = call.requestId
    if (call.prefer) headers['Prefer'] = call.prefer
    const response = await send(`${paypalApiBase(credentials.mode)}${call.path}`, {
      method: call.method,
      headers,
      body:
        call.body === undefined
          ? undefined
          : typeof call.body === 'string'
            ? call.body
            : JSON.stringify(call.body),
    })
    if (response.status === 401 && attempt === 0) {
      await response.body?.cancel()
      tokens.delete(cacheKey(credentials))
      continue
    }
    const body = (await readJson(response)) as Record<string, unknown> | null
    if (response.ok) return (body ?? {}) as T
    throw apiError(response.status, body)
  }
}

function apiError(status: number, body: Record<string, unknown> | null) {
  const name =
    typeof body?.name === 'string'
      ? body.name
      : typeof body?.error === 'string'
        ? body.error
        : 'ERROR'
  const details = Array.isArray(body?.details) ? (body.details as { issue?: unknown }[]) : []
  const issues = details.map((d) => d?.issue).filter((i): i is string => typeof i === 'string')
  return new PaypalApiError(status, name, issues)
}

async function send(url: string, init: RequestInit) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch {
    throw new ProviderError('PayPal could not be reached')
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}
