import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'
import { readBody } from '#tests/fakes/read_body'

/**
 * A local Voiso contact-centre API, per PROTOCOLS.md §12 and
 * developers.voiso.com: `GET /api/v1/{key}/agents_status[.json]` answers
 * `[{email, ext, status}]`; `POST /api/v1/{key}/click2call` takes `agent`
 * (sign-in e-mail or extension), `number` (E.164 digits, no '+'), optional
 * `account_id`, `crm`, `get_call_id`, as query string or JSON body, and
 * answers `{"call_id": uuid}` with get_call_id, else 204. An unknown agent is
 * 400 `{"errors":"User not found"}`; a wrong key 403 `{"error":"Invalid key"}`
 * (the status of that one is unconfirmed). Point the adapter at it with
 * `overrideProviderBase('voiso', fake.base)`: the cluster id becomes the
 * first path segment, so tests can see it.
 */
export const VOISO_USER_NOT_FOUND = 'User not found'
export const VOISO_INVALID_KEY = 'Invalid key'

export interface VoisoFakeAgent {
  email: string
  ext: string
  status: string
}

export interface VoisoFakeRequest {
  cluster: string
  key: string
  call: 'agents_status' | 'click2call' | string
  method: string
  params: Record<string, unknown>
}

export class VoisoFake {
  requests: VoisoFakeRequest[] = []
  agents: VoisoFakeAgent[]
  #next: ((res: ServerResponse) => void) | null = null
  #seq = 0

  private constructor(
    private server: Server,
    readonly url: string,
    readonly apiKey: string,
    agents: VoisoFakeAgent[]
  ) {
    this.agents = agents
    server.on('request', (req, res) => {
      this.#onRequest(req, res).catch(() => res.writeHead(500).end())
    })
  }

  static async start(options: { apiKey: string; agents?: VoisoFakeAgent[] }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new VoisoFake(server, `http://127.0.0.1:${port}`, options.apiKey, options.agents ?? [])
  }

  /** The base to override the provider's with (`{cluster}` is filled by the adapter). */
  get base() {
    return `${this.url}/{cluster}`
  }

  /** The click2call requests seen. */
  get calls() {
    return this.requests.filter((r) => r.call === 'click2call')
  }

  /** The next request gets this status and body instead (429, 500, a 403 …). */
  answerNext(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.#next = (res) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...headers })
        .end(typeof body === 'string' ? body : JSON.stringify(body))
  }

  /** The next request is never answered (the adapter's timeout must end it). */
  hangNext() {
    this.#next = () => {}
  }

  close() {
    return closeServer(this.server)
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const text = await readBody(req)
    const send = (status: number, body?: unknown) => {
      if (body === undefined) return res.writeHead(status).end()
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    }
    const match = url.pathname.match(/^\/([^/]+)\/api\/v1\/([^/]+)\/([a-z0-9_.]+)$/)
    if (!match) return send(404, { error: 'Not found' })
    const [, cluster, rawKey, rawCall] = match
    const call = rawCall.replace(/\.json$/, '')
    let params: Record<string, unknown> = Object.fromEntries(url.searchParams)
    if (text.trim() !== '') {
      try {
        params = { ...params, ...JSON.parse(text) }
      } catch {
        return send(400, { errors: 'Invalid JSON' })
      }
    }
    const key = decodeURIComponent(rawKey)
    this.requests.push({ cluster, key, call, method: req.method ?? '', params })

    if (this.#next) {
      const next = this.#next
      this.#next = null
      return next(res)
    }
    if (key !== this.apiKey) return send(403, { error: VOISO_INVALID_KEY })

    if (call === 'agents_status' && req.method === 'GET') return send(200, this.agents)
    if (call === 'click2call' && req.method === 'POST') {
      const agent = String(params.agent ?? '')
      const known = this.agents.some((a) => a.email === agent || a.ext === agent)
      if (!known) return send(400, { errors: VOISO_USER_NOT_FOUND })
      if (!/^[1-9]\d{6,14}$/.test(String(params.number ?? ''))) {
        return send(400, { errors: 'Invalid number' })
      }
      const wantsId = params.get_call_id === true || params.get_call_id === 'true'
      if (!wantsId) return send(204)
      return send(200, {
        call_id: `00000000-0000-4000-8000-${String(++this.#seq).padStart(12, '0')}`,
      })
    }
    send(404, { error: 'Not found' })
  }
}
