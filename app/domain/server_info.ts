/**
 * Server Information (admin spec §2, §3 "Server info"): CPU usage measured
 * between two readings of the cores' time counters (os.cpus()), memory usage,
 * both out of 100 %. Pure: the service takes the readings.
 */

/** One core's cumulative times in ms, as os.cpus()[i].times gives them. */
export interface CpuTimes {
  user: number
  nice: number
  sys: number
  idle: number
  irq: number
}

export interface ServerInfo {
  cpuModel: string
  /** Percent busy over the measured interval, 0–100, one decimal. */
  cpuUsage: number
  cpuCores: number
  /** Percent of memory in use, 0–100, one decimal. */
  usedMemPercentage: number
  totalMemMb: number
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10
const clampPercent = (n: number) => oneDecimal(Math.min(100, Math.max(0, n)))

const total = (t: CpuTimes) => t.user + t.nice + t.sys + t.idle + t.irq

/**
 * The share of time all cores were busy between two readings. Cores present
 * in only one reading (hot-plugged) are left out; no elapsed time gives 0.
 */
export function cpuUsagePercent(before: readonly CpuTimes[], after: readonly CpuTimes[]): number {
  let busy = 0
  let elapsed = 0
  const cores = Math.min(before.length, after.length)
  for (let i = 0; i < cores; i++) {
    const spent = total(after[i]) - total(before[i])
    const idle = after[i].idle - before[i].idle
    // A counter that went backwards (a reset) says nothing about the interval.
    if (spent <= 0 || idle < 0) continue
    elapsed += spent
    busy += spent - Math.min(idle, spent)
  }
  return elapsed > 0 ? clampPercent((busy / elapsed) * 100) : 0
}

/** Used memory as a percent of the total. */
export function memoryUsagePercent(totalBytes: number, freeBytes: number): number {
  if (!(totalBytes > 0)) return 0
  return clampPercent(((totalBytes - Math.max(0, freeBytes)) / totalBytes) * 100)
}

/** Whole mebibytes (the spec's "total memory in MB"). */
export function bytesToMb(bytes: number): number {
  return Math.round(Math.max(0, bytes) / (1024 * 1024))
}

/** The model name of the cores (the first one's; machines rarely mix), trimmed. */
export function cpuModelOf(models: readonly string[]): string {
  const model = models
    .find((m) => m.trim() !== '')
    ?.trim()
    .replace(/\s+/g, ' ')
  return model ?? 'Unknown'
}

export function serverInfo(input: {
  models: readonly string[]
  before: readonly CpuTimes[]
  after: readonly CpuTimes[]
  totalBytes: number
  freeBytes: number
}): ServerInfo {
  return {
    cpuModel: cpuModelOf(input.models),
    cpuUsage: cpuUsagePercent(input.before, input.after),
    cpuCores: input.after.length,
    usedMemPercentage: memoryUsagePercent(input.totalBytes, input.freeBytes),
    totalMemMb: bytesToMb(input.totalBytes),
  }
}
