import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { shippedNodeFlags } from '../../bench/app_env.js'

/*
 * The garbage collector's sizes a process starts with (docs/PRODUCTION.md, "Node flags") are
 * written in package.json's start script, the README and the systemd units: one set, so a
 * deployment copied from any of them runs as the benchmarks measured.
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

test.group('Node flags a deployment starts with', () => {
  test('package.json start script sizes the collector', ({ assert }) => {
    const flags = shippedNodeFlags()
    assert.includeMembers(flags, ['--max-semi-space-size=32', '--initial-old-space-size=256'])
  })

  for (const doc of ['README.md', 'docs/PRODUCTION.md']) {
    test(`every server start line of ${doc} carries the same flags`, ({ assert }) => {
      const starts = read(doc)
        .split('\n')
        .filter((line) => /\bnode\b[^`]*\bbin\/server\.js/.test(line))
      assert.isAbove(starts.length, 0)
      const expected = `node ${shippedNodeFlags().join(' ')} bin/server.js`
      for (const line of starts) assert.include(line, expected, line)
    })
  }
})
