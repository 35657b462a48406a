import { test } from '@japa/runner'
import { KeyedLanes } from '#services/keyed_lanes'

const tick = (ms = 5) => new Promise((done) => setTimeout(done, ms))

test.group('keyed lanes', () => {
  test('tasks of one key run one after another, in the order given', async ({ assert }) => {
    const lanes = new KeyedLanes<number>()
    const seen: string[] = []
    const task = (name: string, ms: number) => async () => {
      seen.push(`start ${name}`)
      await tick(ms)
      seen.push(`end ${name}`)
      return name
    }
    const results = await Promise.all([
      lanes.run(1, task('a', 20)),
      lanes.run(1, task('b', 1)),
      lanes.run(1, task('c', 1)),
    ])
    assert.deepEqual(results, ['a', 'b', 'c'])
    assert.deepEqual(seen, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
    assert.equal(lanes.busy, 0)
  })

  test('other keys run alongside, and a failed task does not stop its lane', async ({ assert }) => {
    const lanes = new KeyedLanes<string>()
    const seen: string[] = []
    const slow = lanes.run('w1', async () => {
      await tick(30)
      seen.push('w1 slow')
      throw new Error('refused')
    })
    const other = lanes.run('w2', async () => {
      seen.push('w2')
      return 2
    })
    const next = lanes.run('w1', async () => {
      seen.push('w1 next')
      return 1
    })
    assert.equal(await other, 2)
    await assert.rejects(() => slow, 'refused')
    assert.equal(await next, 1)
    assert.deepEqual(seen, ['w2', 'w1 slow', 'w1 next'])
    await tick()
    assert.equal(lanes.busy, 0)
  })
})
