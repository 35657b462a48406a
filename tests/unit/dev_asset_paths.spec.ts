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
