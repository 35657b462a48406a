import { test } from '@japa/runner'
import { isDevAssetPath } from '#services/dev_asset_paths'

const ROOT = '/srv/app/'

test.group('isDevAssetPath (what Vite may answer in development)', () => {
  test('front-end sources and Vite paths: {$self}')
    .with([
      '/inertia/app/app.tsx',
      '/inertia/pages/auth/login.tsx?t=123',
      '/app/domain/money.ts',
      '/node_modules/.vite/deps/react.js?v=abc',
      '/@vite/client',
      '/@react-refresh',
      '/@id/__x00__virtual:module',
      '/@fs/srv/app/node_modules/vite/dist/client/env.mjs',
    ])
    .run(({ assert }, path) => assert.isTrue(isDevAssetPath(path, ROOT)))

  test('everything else, however spelled: {$self}')
    .with([
      '/',
      '/tmp/db.sqlite3',
      '/config/app.ts',
      '/storage/private/kyc/1/a.jpg',
      '/inertia/../tmp/db.sqlite3',
      '/inertia/%2e%2e/tmp/db.sqlite3',
      '/inertia/%252e%252e/tmp/db.sqlite3',
      '/inertia/..%2ftmp%2fdb.sqlite3',
      '/inertia/./app/app.tsx',
      '/inertia//app/app.tsx',
      '/inertia\\..\\tmp\\db.sqlite3',
      '/inertia/%E0%A4%A',
      '/inertia/a%00.tsx',
      '/@fs/srv/app/tmp/db.sqlite3',
      '/@fs/srv/app/inertia/../tmp/db.sqlite3',
      '/@fs/etc/passwd',
      '/@fs/srv/app/inertiaX/a.ts',
      '/inertiaX/a.ts',
    ])
    .run(({ assert }, path) => assert.isFalse(isDevAssetPath(path, ROOT)))
})

test.group('isDevAssetPath with a symlinked node_modules (git worktrees sharing one)', (group) => {
  let root = ''
  let shared = ''
  group.setup(async () => {
    const { mkdtemp, mkdir, realpath, symlink, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const base = await mkdtemp(join(tmpdir(), 'dev-assets-'))
    root = join(base, 'checkout')
    shared = join(base, 'shared_modules')
    await mkdir(root)
    await mkdir(shared)
    await symlink(shared, join(root, 'node_modules'))
    // The temporary folder may itself sit behind a symlink (macOS): Vite asks under the fully real path.
    shared = await realpath(shared)
    return () => rm(base, { recursive: true, force: true })
  })

  test('files under the real folder are served, its neighbours are not', ({ assert }) => {
    assert.isTrue(isDevAssetPath(`/@fs${shared}/vite/dist/client/env.mjs`, root))
    assert.isTrue(isDevAssetPath(`/@fs${root}/node_modules/vite/dist/client/env.mjs`, root))
    assert.isFalse(isDevAssetPath(`/@fs${shared}X/a.js`, root))
    assert.isFalse(isDevAssetPath(`/@fs${shared}/../secret`, root))
  })
})
