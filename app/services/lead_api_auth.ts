import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { Roles } from '#domain/roles'
import {
  API_KEY_SHAPE,
  hashApiKey,
  LEAD_API_BAD_KEYS,
  LEAD_API_RATE,
  sameSecret,
} from '#domain/lead_api'
import settings from '#services/settings_service'

/** Who a key speaks for: an affiliate (their key) or the site's own landing pages (webhookApiKeyLeads). */
export type ApiPrincipal =
  { kind: 'affiliate'; affiliateId: number; keyHash: string } | { kind: 'site'; keyHash: string }

/**
 * The principal a presented key names, or null. An affiliate's key is looked
 * up by its hash on every request (a regenerated key is refused at once); the
 * affiliate must still be an active affiliate. Otherwise the key may be the
 * site's webhook key, compared in constant time, unless `siteKey` is false:
 * an address blocked for wrong keys may still use an affiliate's key (240
 * random bits, beyond guessing) but not the site's key, which an admin typed
 * and may be guessable.
 */
export async function principalOf(
  key: string,
  { siteKey = true }: { siteKey?: boolean } = {}
): Promise<ApiPrincipal | null> {
  const keyHash = hashApiKey(key)
  if (API_KEY_SHAPE.test(key)) {
    const row = await db
      .from('affiliate_api_keys')
      .join('users', 'users.id', 'affiliate_api_keys.user_id')
      .where('affiliate_api_keys.key_hash', keyHash)
      .where('users.role_id', Roles.AFFILIATE)
      .whereNull('users.deleted_at')
      .where('users.is_active', true)
      .select('users.id')
      .first()
    if (row) return { kind: 'affiliate', affiliateId: Number(row.id), keyHash }
  }
  if (!siteKey) return null
  const stored = (await settings.site()).webhookApiKeyLeads
  if (stored && sameSecret(key, stored)) return { kind: 'site', keyHash }
  return null
}

/**
 * One request of this key's budget (LEAD_API_RATE), or the seconds until the
 * next one is allowed (the answer's Retry-After).
 */
export async function takeApiRequest(principal: ApiPrincipal): Promise<number | null> {
  try {
    await limiter.use(LEAD_API_RATE).consume(`lead_api_${principal.keyHash.slice(0, 40)}`)
    return null
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      return Math.max(1, Math.ceil(error.response.availableIn))
    }
    throw error
  }
}

const badKeys = () => limiter.use(LEAD_API_BAD_KEYS)
const badKeysOf = (ip: string) => `lead_api_bad_key_${ip}`

/**
 * The seconds this client address must wait after too many wrong keys
 * (LEAD_API_BAD_KEYS), or null while it may present a key.
 */
export async function badKeyWait(ip: string): Promise<number | null> {
  const state = await badKeys().get(badKeysOf(ip))
  return state && state.remaining <= 0 ? Math.max(1, Math.ceil(state.availableIn)) : null
}

/** Counts a wrong key against its address; the last one allowed blocks the address. */
export async function countBadKey(ip: string) {
  const limit = badKeys()
  const { consumed, limit: max } = await limit.increment(badKeysOf(ip))
  if (consumed >= max) await limit.block(badKeysOf(ip), LEAD_API_BAD_KEYS.blockDuration)
}
