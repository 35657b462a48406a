import { test } from '@japa/runner'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnvFile, retireCookieSessions } from '../../scripts/env_file.js'

/** Runs `retireCookieSessions` on a .env holding `text`, as `npm run demo` does; returns [changed, new text]. */
function retire(text: string): [boolean, string] {
  const dir = mkdtempSync(join(tmpdir(), 'env-file-'))
  const saved = process.env.SESSION_DRIVER
  delete process.env.SESSION_DRIVER // the test environment sets it (.env.test)
  try {
    writeFileSync(join(dir, '.env'), text)
    const changed = retireCookieSessions(join(dir, '.env'))
    return [changed, readFileSync(join(dir, '.env'), 'utf8')]
  } finally {
    if (saved !== undefined) process.env.SESSION_DRIVER = saved
    rmSync(dir, { recursive: true, force: true })
  }
}

test.group('npm run demo: an old SESSION_DRIVER=cookie in .env', () => {
  test('is commented out, so the server-side default applies; the rest stays', ({ assert }) => {
    const [changed, text] = retire('APP_KEY=abc\nSESSION_DRIVER=cookie\nPORT=3333\n')
    assert.isTrue(changed)
    const values = parseEnvFile(text)
    assert.notProperty(values, 'SESSION_DRIVER')
    assert.equal(values.APP_KEY, 'abc')
    assert.equal(values.PORT, '3333')
    assert.include(text, '# SESSION_DRIVER=cookie')
  })

  test('quoted or exported forms count too', ({ assert }) => {
    assert.isTrue(retire('SESSION_DRIVER="cookie"\n')[0])
    assert.isTrue(retire('export SESSION_DRIVER=cookie\n')[0])
  })

  test('another store, no line at all, or a second run leave the file alone', ({ assert }) => {
    for (const text of ['SESSION_DRIVER=redis\n', 'SESSION_DRIVER=database\n', 'APP_KEY=abc\n']) {
      assert.deepEqual(retire(text), [false, text])
    }
    const [, once] = retire('SESSION_DRIVER=cookie\n')
    assert.deepEqual(retire(once), [false, once])
  })

  test('a cookie store asked for in the real environment is respected', ({ assert }) => {
    const dir = mkdtempSync(join(tmpdir(), 'env-file-'))
    const saved = process.env.SESSION_DRIVER
    process.env.SESSION_DRIVER = 'cookie'
    try {
      writeFileSync(join(dir, '.env'), 'SESSION_DRIVER=cookie\n')
      assert.isFalse(retireCookieSessions(join(dir, '.env')))
    } finally {
      if (saved === undefined) delete process.env.SESSION_DRIVER
      else process.env.SESSION_DRIVER = saved
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
