import { test } from '@japa/runner'
import { dealFiles, parseShard, shardBrowserSuite } from '#tests/helpers/browser_shard'

test.group('Browser suite shares (BROWSER_SHARD)', () => {
  test('parses k/n and refuses anything else', ({ assert }) => {
    assert.isNull(parseShard(undefined))
    assert.isNull(parseShard(''))
    assert.deepEqual(parseShard('2/2'), { index: 2, count: 2 })
    assert.throws(() => parseShard('3/2'), /between 1 and the count/)
    assert.throws(() => parseShard('0/2'), /between 1 and the count/)
    assert.throws(() => parseShard('half'), /must look like 1\/2/)
  })

  test('deals every file to exactly one share, heaviest first to the lightest share', ({
    assert,
  }) => {
    const files = [
      { name: 'a.spec.ts', weight: 10 },
      { name: 'b.spec.ts', weight: 7 },
      { name: 'c.spec.ts', weight: 5 },
      { name: 'd.spec.ts', weight: 4 },
      { name: 'e.spec.ts', weight: 1 },
    ]
    const first = dealFiles(files, 1, 2)
    const second = dealFiles(files, 2, 2)
    assert.deepEqual(first, ['a.spec.ts', 'd.spec.ts'])
    assert.deepEqual(second, ['b.spec.ts', 'c.spec.ts', 'e.spec.ts'])
    assert.deepEqual([...first, ...second].sort(), files.map((f) => f.name).sort())
  })

  test('only the browser suite is narrowed, and only when a share is asked for', ({ assert }) => {
    const suites = [
      { name: 'unit', files: ['tests/unit/**/*.spec.ts'] },
      { name: 'browser', files: ['tests/browser/**/*.spec.ts'] },
    ]
    const root = new URL('../../', import.meta.url)
    // '' rather than undefined: undefined would read BROWSER_SHARD, which CI sets.
    assert.strictEqual(shardBrowserSuite(suites, root, ''), suites)
    const one = shardBrowserSuite(suites, root, '1/2')
    const two = shardBrowserSuite(suites, root, '2/2')
    assert.deepEqual(one[0], suites[0])
    const names = (s: typeof one) =>
      (s[1].files as unknown as () => URL[])().map((u) => u.pathname.split('/').pop()!)
    const all = [...names(one), ...names(two)]
    assert.isAbove(names(one).length, 0)
    assert.isAbove(names(two).length, 0)
    assert.equal(new Set(all).size, all.length)
    assert.include(all, 'spanish_walk.spec.ts')
  })
})
