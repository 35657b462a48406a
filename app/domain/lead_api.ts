import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { LEAD_INPUTS } from './lead_intake.js'

/**
 * The affiliate API (issue 14 items 5 and 6): API keys and the lead-intake
 * API `POST /api/v1/leads`, `GET /api/v1/leads/{id}`. Pure rules; the reading
 * of the spec is in docs/DECISIONS.md "Affiliates: API key and lead intake".
 */

/** An affiliate's key: `ak_` and 40 URL-safe characters (240 random bits). */
export const API_KEY_PREFIX = 'ak_'
export const API_KEY_SHAPE = /^ak_[A-Za-z0-9_-]{40}$/

/** A new key, what is stored in its place (SHA-256), and its hint (last 4 characters). */
export function newApiKey() {
  const key = API_KEY_PREFIX + randomBytes(30).toString('base64url')
  return { key, hash: hashApiKey(key), hint: key.slice(-4) }
}

export function hashApiKey(key: string) {
  return createHash('sha256').update(key).digest('hex')
}

/** What the page shows of a stored key: the prefix, dots and the hint. */
export function maskedApiKey(hint: string) {
  return `${API_KEY_PREFIX}${'•'.repeat(12)}${hint}`
}

/** Constant-time comparison of a presented key with the site's webhook key (both hashed first). */
export function sameSecret(presented: string, secret: string) {
  return timingSafeEqual(
    Buffer.from(hashApiKey(presented), 'hex'),
    Buffer.from(hashApiKey(secret), 'hex')
  )
}

/**
 * The key a request presents: `Authorization: Bearer <key>` or `X-API-Key`.
 * Anything else (no header, another scheme, an empty or overlong value) is none.
 */
export function presentedKey(headers: {
  authorization?: string | null
  apiKey?: string | null
}): string | null {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S{1,200})\s*$/i)?.[1]
  const key = bearer ?? headers.apiKey?.trim()
  if (!key || key.length > 200) return null
  return key
}

/** Requests per key per minute (intake and reads together). */
export const LEAD_API_RATE = { requests: 60, duration: '1 min' } as const

/**
 * Wrong keys one client address may present before it is refused for a
 * while (429): wrong keys and the site's webhook key (typed by an admin,
 * perhaps guessable). An affiliate's valid key still works from it: guessing
 * one is hopeless (240 random bits), and a neighbour's script behind the
 * same address must not stop an affiliate's leads.
 */
export const LEAD_API_BAD_KEYS = {
  requests: 20,
  duration: '10 mins',
  blockDuration: '15 mins',
} as const

/** The largest JSON body the intake reads (a lead is a few hundred bytes). */
export const LEAD_API_MAX_BODY_BYTES = 16 * 1024

/** An `Idempotency-Key` header: 1 to 255 visible ASCII characters. */
export const API_IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/**
 * The key a request is made idempotent by: the header, else the affiliate's
 * reference (a lead's reference names one lead of theirs), else none (the
 * e-mail still makes a retry harmless: a known e-mail is linked).
 */
export function idempotencyKeyOf(header: string | null | undefined, reference: string | null) {
  if (header !== undefined && header !== null) return `key:${header}`
  if (reference) return `ref:${reference}`
  return null
}

/** The digest an idempotency key is bound to: the validated lead, fields in a fixed order. */
export function fingerprintOf(lead: Record<string, unknown>) {
  const ordered = Object.keys(lead)
    .sort()
    .map((name) => [name, lead[name] ?? null])
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex')
}

/** The fields of a lead sent to the API, and which are required (the OpenAPI document says the same). */
export const INTAKE_FIELDS = LEAD_INPUTS.api.fields
export const INTAKE_REQUIRED = LEAD_INPUTS.api.required

export const LEAD_API_MESSAGES = {
  noKey: 'Send your API key as "Authorization: Bearer <key>"',
  badKey: 'This API key is not valid',
  tooMany: 'Too many requests; try again later',
  tooManyBadKeys: 'Too many wrong API keys from this address; try again later',
  notJson: 'Send the lead as a JSON object (Content-Type: application/json)',
  tooLarge: 'The request body is too large',
  badJson: 'The request body is not valid JSON',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 255 visible characters',
  keyReused: 'This Idempotency-Key (or reference) was already used for a different lead',
  inProgress: 'This request is being processed; please try again',
  siteKeyCannotRead: 'This key can send leads but not read them',
  notFound: 'Lead not found',
  generated: 'API key generated successfully',
} as const

export type IntakeOutcome = 'created' | 'existing'
