import { test } from '@japa/runner'
import { WorkSlots } from '#services/work_slots'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

test.group('WorkSlots', () => {
  test('runs at most `size` jobs at once, the rest in arrival order', async ({ assert }) => {
    const slots = new WorkSlots(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    const job = (n: number) => async () => {
      running++
      peak = Math.max(peak, running)
      await tick()
      order.push(n)
      running--
      return n
    }
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => slots.run(job(n))))
    assert.deepEqual(results, [1, 2, 3, 4, 5])
    assert.equal(peak, 2)
    assert.deepEqual(order, [1, 2, 3, 4, 5])
    assert.equal(slots.busy, 0)
    assert.equal(slots.queued, 0)
  })

  test('a failing job frees its slot for the next one', async ({ assert }) => {
    const slots = new WorkSlots(1)
    const failing = slots.run(async () => {
      await tick()
      throw new Error('refused')
    })
    const next = slots.run(async () => 'ran')
    await assert.rejects(() => failing, 'refused')
    assert.equal(await next, 'ran')
    assert.equal(slots.busy, 0)
  })
})
