import { test } from '@japa/runner'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { nextRequestId, withRequestIds } from '#services/request_ids'

test.group('request ids', () => {
  test('each request gets its own id; one the client sent is kept', ({ assert }) => {
    const seen: unknown[] = []
    const handle = withRequestIds((request) => seen.push(request.headers['x-request-id']))
    const request = (headers: Record<string, string> = {}) =>
      ({ headers: { ...headers } }) as unknown as IncomingMessage
    const response = {} as ServerResponse
    for (let i = 0; i < 1000; i++) handle(request(), response)
    handle(request({ 'x-request-id': 'from-the-proxy' }), response)
    assert.lengthOf(new Set(seen), 1001)
    assert.equal(seen.at(-1), 'from-the-proxy')
    assert.match(String(seen[0]), /^[\w-]{12}-[0-9a-z]+$/)
  })

  test('ids carry the process prefix and never repeat within it', ({ assert }) => {
    const [a, b] = [nextRequestId(), nextRequestId()]
    assert.notEqual(a, b)
    assert.equal(a.slice(0, 13), b.slice(0, 13))
  })
})
