import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const GOOD_TOKEN = 'good-token'

export interface SiteverifyRequest {
  secret: string | null
  response: string | null
  remoteip: string | null
}

/**
 * A local stand-in for Google's reCAPTCHA siteverify endpoint (form-encoded
 * POST of secret, response and remoteip; JSON answer with `success`). It
 * accepts only GOOD_TOKEN sent with the expected secret and records every
 * request it receives.
 */
export async function startFakeRecaptcha(expectedSecret: string) {
  const requests: SiteverifyRequest[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const form = new URLSearchParams(raw)
      const entry = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      }
      requests.push(entry)
      const success =
        req.method === 'POST' && entry.secret === expectedSecret && entry.response === GOOD_TOKEN
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify(
          success
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : { 'success': false, 'error-codes': ['invalid-input-response'] }
        )
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
