import { test } from '@japa/runner'
import {
  bytesToMb,
  cpuModelOf,
  cpuUsagePercent,
  memoryUsagePercent,
  serverInfo,
  type CpuTimes,
} from '#domain/server_info'

const times = (busy: number, idle: number): CpuTimes => ({
  user: busy,
  nice: 0,
  sys: 0,
  idle,
  irq: 0,
})

test.group('Server Information (app/domain/server_info.ts)', () => {
  test('CPU usage is the busy share of the time elapsed on all cores between two readings', ({
    assert,
  }) => {
    // Core 0: 300 of 1000 ms busy; core 1: 700 of 1000 ms → 50 %.
    const before = [times(1000, 5000), times(2000, 4000)]
    const after = [times(1300, 5700), times(2700, 4300)]
    assert.equal(cpuUsagePercent(before, after), 50)
    assert.equal(cpuUsagePercent(before, before), 0, 'no time elapsed')
    assert.equal(cpuUsagePercent([times(0, 0)], [times(1, 2)]), 33.3, 'one decimal')
    assert.equal(cpuUsagePercent([times(0, 0)], [times(100, 0)]), 100)
    assert.equal(cpuUsagePercent([times(0, 0)], [times(0, 100)]), 0)
  })

  test('CPU usage ignores cores only one reading has and counters that went backwards', ({
    assert,
  }) => {
    const before = [times(0, 0)]
    const after = [times(50, 50), times(999, 1)]
    assert.equal(cpuUsagePercent(before, after), 50)
    assert.equal(cpuUsagePercent([times(500, 500)], [times(100, 100)]), 0)
    assert.equal(cpuUsagePercent([times(0, 500)], [times(900, 400)]), 0, 'idle went back')
    assert.equal(cpuUsagePercent([], []), 0)
  })

  test('memory usage is used over total, out of 100, and total memory is in whole MB', ({
    assert,
  }) => {
    const gb = 1024 ** 3
    assert.equal(memoryUsagePercent(8 * gb, 2 * gb), 75)
    assert.equal(memoryUsagePercent(3 * gb, 2 * gb), 33.3)
    assert.equal(memoryUsagePercent(0, 0), 0)
    assert.equal(memoryUsagePercent(gb, 2 * gb), 0, 'never below 0')
    assert.equal(memoryUsagePercent(gb, -5), 100, 'never above 100')
    assert.equal(bytesToMb(8 * gb), 8192)
    assert.equal(bytesToMb(1.5 * 1024 * 1024), 2)
    assert.equal(bytesToMb(-1), 0)
  })

  test('the CPU model is the first named one, spaces tidied; none gives Unknown', ({ assert }) => {
    assert.equal(
      cpuModelOf(['', '  Intel(R)  Xeon(R)   CPU @ 2.20GHz ']),
      'Intel(R) Xeon(R) CPU @ 2.20GHz'
    )
    assert.equal(cpuModelOf([]), 'Unknown')
  })

  test('serverInfo gives the spec fields (cpuModel, cpuUsage, cpuCores, usedMemPercentage, totalMemMb)', ({
    assert,
  }) => {
    assert.deepEqual(
      serverInfo({
        models: ['AMD EPYC', 'AMD EPYC'],
        before: [times(0, 0), times(0, 0)],
        after: [times(25, 75), times(25, 75)],
        totalBytes: 4 * 1024 ** 3,
        freeBytes: 1024 ** 3,
      }),
      { cpuModel: 'AMD EPYC', cpuUsage: 25, cpuCores: 2, usedMemPercentage: 75, totalMemMb: 4096 }
    )
  })
})
