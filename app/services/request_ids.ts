import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** This process's own prefix, so that ids stay unique across processes and restarts. */
const PREFIX = `${randomBytes(9).toString('base64url')}-`
let issued = 0

/** A request id unique to this process's lifetime: its prefix and a counter. */
export function nextRequestId(): string {
  issued += 1
  return PREFIX + issued.toString(36)
}

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown

/**
 * Gives every request that arrives without an `X-Request-Id` one before
 * AdonisJS reads it for the request's logger (`request.id()`, which honours
 * the header). The framework's own generator (`generateRequestId`, a cuid2
 * through SHA-3) cost about 50 µs of every request; it stays on as the
 * fallback for servers started without this wrapper (the test runner's).
 */
export function withRequestIds(handle: Handler): Handler {
  return (request, response) => {
    if (request.headers['x-request-id'] === undefined) {
      request.headers['x-request-id'] = nextRequestId()
    }
    return handle(request, response)
  }
}
