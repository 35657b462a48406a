/*
| Issue 9, finding 6: the security headers on every response — pages, JSON,
| static files, Vite's, unknown paths (404) and errors — and HSTS only over
| HTTPS. The production build's cookies are checked by .ci/run.
*/
import { test } from '@japa/runner'
import { api } from '#tests/helpers/http'

const REQUIRED = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
}

test.group('Security · response headers', () => {
  test('{name} carries the security headers')
    .with([
      { name: 'the login page', method: 'get', url: '/', status: 200 },
      { name: 'a JSON 401', method: 'get', url: '/auth/user', status: 401 },
      { name: 'an unknown page (404)', method: 'get', url: '/no-such-page', status: 404 },
      { name: 'an unknown JSON path (404)', method: 'get', url: '/no-such-path.json', status: 404 },
      { name: 'a static file', method: 'get', url: '/favicon.svg', status: 200 },
      { name: "Vite's client", method: 'get', url: '/@vite/client', status: 200 },
      { name: 'a CSRF refusal (403)', method: 'post', url: '/auth/login', status: 403 },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const request = client[row.method](row.url)
      if (row.url.endsWith('.json') || row.method === 'post' || row.url === '/auth/user') {
        request.header('Accept', 'application/json')
      }
      const response = await request
      response.assertStatus(row.status)
      for (const [name, value] of Object.entries(REQUIRED))
        assert.equal(response.header(name), value, name)
      assert.match(response.header('permissions-policy') ?? '', /camera=\(\).*payment=\(self\)/)
      assert.match(
        response.header('content-security-policy') ?? '',
        /default-src 'self'.*frame-ancestors 'none'/
      )
      assert.isUndefined(response.header('strict-transport-security'), 'no HSTS over plain HTTP')
    })

  test('a validation error (422) carries them too', async ({ client, assert }) => {
    const response = await api(client, 'post', '/auth/login', { email: 'not-an-email' })
    response.assertStatus(422)
    assert.equal(response.header('x-frame-options'), 'DENY')
    assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
  })

  test('{name} gets one CSP whose nonce matches its inline scripts')
    .with([
      { name: 'an unknown page', url: '/no-such-page' },
      { name: 'a routed page', url: '/' },
    ])
    .run(async ({ client, assert }, row) => {
      const response = await client.get(row.url)
      assert.notInclude(String(response.header('content-security-policy')), ',', 'one header')
      const nonce = /'nonce-([^']+)'/.exec(response.header('content-security-policy') ?? '')?.[1]
      assert.isString(nonce)
      const scriptNonces = [...response.text().matchAll(/<script[^>]*nonce="([^"]+)"/g)].map(
        (m) => m[1]
      )
      assert.isAbove(scriptNonces.length, 0)
      for (const used of scriptNonces) assert.equal(used, nonce)
    })
})
