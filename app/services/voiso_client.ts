import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import settings from '#services/settings_service'
import { providerBase } from '#services/payments/endpoints'
import { recordVoisoOutcome } from '#services/voiso_connection'
import {
  isClusterId,
  parseAgents,
  voisoErrorMessage,
  VOISO_MESSAGES as M,
  type VoisoAgent,
} from '#domain/voiso'

/**
 * Voiso's contact-centre API (PROTOCOLS.md §12, developers.voiso.com):
 * `GET /api/v1/{key}/agents_status` and `POST /api/v1/{key}/click2call` on
 * `https://{cluster_id}.voiso.com`. The contact-centre key travels in the
 * URL path, so no URL is ever logged whole: logs name the call only.
 * Tests point the base at tests/fakes/voiso_fake.ts with
 * `overrideProviderBase('voiso', url)`; a `{cluster}` in that URL is
 * replaced by the cluster id.
 */
export const VOISO_SETTING = 'voiso'
export const VOISO_PROVIDER = 'voiso'
/** The `crm` tag Voiso writes on the call's record (CDR). */
export const VOISO_CRM_TAG = 'broker-crm'

/** Per request; tests lower it to see a timeout quickly. */
export const voisoTimeouts = { requestMs: 8_000 }

export interface VoisoConfig {
  clusterId: string
  apiKey: string
}

/** Why a Voiso call failed: what it means for the answer to staff. */
export type VoisoFailure =
  /** Voiso said no to this request (400: e.g. 'User not found'). */
  | 'refused'
  /** Voiso refused our key or permissions (401, 403): a setup problem. */
  | 'forbidden'
  | 'rate_limited'
  | 'timeout'
  /** Network failure, 5xx, or an unreadable answer. */
  | 'unavailable'

export class VoisoError extends Error {
  constructor(
    message: string,
    readonly failure: VoisoFailure,
    readonly providerStatus: number | null
  ) {
    super(message)
  }
}

/**
 * The cluster id (value1) and key (value2) of the `voiso` API settings row;
 * null while either is missing or the cluster id is not a host label. Under
 * tests Voiso counts as configured only while pointed at a local fake: a
 * walk that saves a key (the security pass) must never reach voiso.com.
 */
export async function voisoConfig(): Promise<VoisoConfig | null> {
  if (app.inTest && providerBase(VOISO_PROVIDER, '') === '') return null
  const row = (await settings.rows())[VOISO_SETTING]
  const clusterId = row?.value1?.trim() ?? ''
  const apiKey = row?.value2?.trim() ?? ''
  if (!isClusterId(clusterId) || apiKey === '') return null
  return { clusterId, apiKey }
}

export class VoisoClient {
  constructor(private config: VoisoConfig) {}

  #url(call: string) {
    const { clusterId, apiKey } = this.config
    const base = providerBase(VOISO_PROVIDER, `https://${clusterId}.voiso.com`).replace(
      '{cluster}',
      clusterId
    )
    return `${base}/api/v1/${encodeURIComponent(apiKey)}/${call}`
  }

  /** Every agent with extension and status (lower-cased). */
  async agentsStatus(): Promise<VoisoAgent[]> {
    return this.#noted(async () => {
      const body = await this.#request('agents_status', { method: 'GET' })
      const agents = parseAgents(body)
      if (!agents) throw this.#fail(M.badAnswer, 'unavailable', 200, 'agents_status')
      return agents
    })
  }

  /**
   * Starts a call on the agent's Agent Panel: `agent` is the sign-in e-mail
   * (or extension), `number` E.164 digits without '+'. `accountId` (the lead
   * id) is shown instead of the number in Voiso's panel and reports.
   * Answers Voiso's call id when it gives one.
   */
  async click2call(input: {
    agent: string
    number: string
    accountId: string
  }): Promise<{ callId: string | null }> {
    const body = await this.#noted(() =>
      this.#request('click2call', {
        method: 'POST',
        json: {
          agent: input.agent,
          number: input.number,
          account_id: input.accountId,
          crm: VOISO_CRM_TAG,
          get_call_id: true,
        },
      })
    )
    const callId = (body as { call_id?: unknown } | null)?.call_id
    return { callId: typeof callId === 'string' && callId !== '' ? callId.slice(0, 100) : null }
  }

  /**
   * Voiso has no heartbeat: each answer tells whether the saved key connects,
   * kept for the admin dashboard (issue 21 item 8, #services/voiso_connection).
   */
  async #noted<T>(work: () => Promise<T>): Promise<T> {
    let result: T
    try {
      result = await work()
    } catch (error) {
      if (error instanceof VoisoError) {
        await recordVoisoOutcome(this.config, error.failure, error.message)
      }
      throw error
    }
    await recordVoisoOutcome(this.config, null)
    return result
  }

  async #request(call: string, init: { method: 'GET' | 'POST'; json?: unknown }) {
    let response: Response
    try {
      response = await fetch(this.#url(call), {
        method: init.method,
        headers: {
          Accept: 'application/json',
          ...(init.json ? { 'Content-Type': 'application/json' } : {}),
        },
        body: init.json ? JSON.stringify(init.json) : undefined,
        signal: AbortSignal.timeout(voisoTimeouts.requestMs),
        redirect: 'error',
      })
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError'
      throw this.#fail(
        timedOut ? M.timeout : M.unavailable,
        timedOut ? 'timeout' : 'unavailable',
        null,
        call
      )
    }
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError'
      throw this.#fail(
        timedOut ? M.timeout : M.unavailable,
        timedOut ? 'timeout' : 'unavailable',
        response.status,
        call
      )
    }
    const status = response.status
    if (status >= 200 && status < 300) {
      if (text.trim() === '') return null
      try {
        return JSON.parse(text) as unknown
      } catch {
        throw this.#fail(M.badAnswer, 'unavailable', status, call)
      }
    }
    const said = voisoErrorMessage(text)
    if (status === 429) throw this.#fail(said ?? M.rateLimited, 'rate_limited', status, call)
    if (status === 401 || status === 403)
      throw this.#fail(said ?? M.refused, 'forbidden', status, call)
    if (status >= 400 && status < 500) throw this.#fail(said ?? M.refused, 'refused', status, call)
    throw this.#fail(M.unavailable, 'unavailable', status, call)
  }

  /** Logs the failure by call name and status only (never the URL: it holds the key). */
  #fail(message: string, failure: VoisoFailure, status: number | null, call: string) {
    logger.warn({ call, status, failure, cluster: this.config.clusterId }, 'Voiso request failed')
    return new VoisoError(message, failure, status)
  }
}
