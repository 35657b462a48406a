import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { closeServer, listenOnLoopback } from '#tests/fakes/net'
import { readBody } from '#tests/fakes/read_body'

/**
 * A local PrMoney, limited to what prmoney.com/page/api publishes: the OAuth2
 * client-credentials token endpoint (`POST /oauth/token`, form fields
 * client_id, client_secret, grant_type; Accept: application/json). The answer
 * and error shapes follow the usual OAuth2 server (token_type, expires_in,
 * access_token / error, error_description) and are UNCONFIRMED. Every request
 * is counted, so a test can prove nothing else was called.
 */
export class PrmoneyFake {
  requests: {
    method: string
    path: string
    accept: string | undefined
    form: Record<string, string>
  }[] = []

  private constructor(
    private server: Server,
    readonly url: string,
    readonly client: { id: string; secret: string }
  ) {
    server.on('request', (req, res) => this.#onRequest(req, res))
  }

  static async start(client: { id: string; secret: string }) {
    const server = createServer()
    const port = await listenOnLoopback(server)
    return new PrmoneyFake(server, `http://127.0.0.1:${port}`, client)
  }

  close() {
    return closeServer(this.server)
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)))
    this.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      accept: req.headers.accept,
      form,
    })
    if (req.method !== 'POST' || req.url !== '/oauth/token')
      return send(404, { message: 'Not Found' })
    if (form.grant_type !== 'client_credentials') {
      return send(400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported.',
      })
    }
    if (form.client_id !== this.client.id || form.client_secret !== this.client.secret) {
      return send(401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
        message: 'Client authentication failed',
      })
    }
    send(200, {
      token_type: 'Bearer',
      expires_in: 31_536_000,
      access_token: randomBytes(32).toString('hex'),
    })
  }
}
