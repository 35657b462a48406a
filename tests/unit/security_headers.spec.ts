import { test } from '@japa/runner'
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  crossOriginOpenerPolicy,
  permissionsPolicy,
  serializeCsp,
} from '#services/security_headers'

test.group('security headers', () => {
  test('CSP: camelCase names, nonce keyword and functions resolved, empty sources dropped', ({
    assert,
  }) => {
    const request = { url: '/x' } as IncomingMessage
    const response = { nonce: 'abc' } as ServerResponse & { nonce: string }
    const csp = serializeCsp(
      {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", '@nonce', () => ''],
        frameAncestors: ["'none'"],
        imgSrc: [(_req, res) => `'nonce-${(res as typeof response).nonce}'`],
        frameSrc: [() => ''],
      },
      request,
      response
    )
    assert.equal(
      csp,
      "default-src 'self'; script-src 'self' 'nonce-abc'; frame-ancestors 'none'; img-src 'nonce-abc'"
    )
  })

  test('Permissions-Policy allows payments only to us and the named origins', ({ assert }) => {
    assert.match(permissionsPolicy(), /camera=\(\), .*payment=\(self\)$/)
    assert.match(
      permissionsPolicy(['https://www.paypal.com']),
      /payment=\(self "https:\/\/www.paypal.com"\)$/
    )
  })

  test('COOP lets only payment popups talk back', ({ assert }) => {
    assert.equal(crossOriginOpenerPolicy(false), 'same-origin')
    assert.equal(crossOriginOpenerPolicy(true), 'same-origin-allow-popups')
  })
})
