import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fillRoutePattern, renderRouteRegistry } from '#domain/route_registry'

test.group("the browser's route registry (issue 26 item 2)", () => {
  test('a pattern is filled with its parameters, URL-encoded; a missing one throws', ({
    assert,
  }) => {
    assert.equal(fillRoutePattern('/admin/pricing/:id', { id: 7 }), '/admin/pricing/7')
    assert.equal(
      fillRoutePattern('/admin/trades/api/all/:userId', { userId: '12' }),
      '/admin/trades/api/all/12'
    )
    assert.equal(
      fillRoutePattern('/admin/languages/:code/:key', { code: 'es', key: 'a b/c' }),
      '/admin/languages/es/a%20b%2Fc'
    )
    assert.equal(fillRoutePattern('/dashboard'), '/dashboard')
    assert.equal(fillRoutePattern('/files/:name?', {}), '/files/')
    assert.throws(() => fillRoutePattern('/admin/pricing/:id', {}), /needs the parameter id/)
  })

  test('the registry lists each name once, sorted, first registration winning', ({ assert }) => {
    const source = renderRouteRegistry([
      { name: 'b.two', pattern: '/b/:id' },
      { name: 'a.one', pattern: '/a' },
      { name: 'b.two', pattern: '/b/other' },
    ])
    assert.include(source, `export const ROUTES = {\n  "a.one": "/a",\n  "b.two": "/b/:id",\n}`)
  })

  test('inertia/lib/routes.generated.ts matches the routes the server registers', async ({
    assert,
  }) => {
    // A process of its own: committing the router here would register every route twice in this one.
    const { stdout } = await promisify(execFile)('node', ['ace', 'routes:registry', '--check'], {
      cwd: process.cwd(),
    }).catch((error) => ({ stdout: `${error.stdout}${error.stderr}` }))
    assert.include(stdout, 'is up to date')
  }).timeout(60_000)
})
