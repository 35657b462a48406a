import os from 'node:os'
import feedManager from '#services/market/feeds/feed_manager'
import { serverInfo, type CpuTimes } from '#domain/server_info'

/** The shortest interval CPU usage is measured over; a first reading waits this long. */
export const MIN_SAMPLE_MS = 500
/** A previous reading older than this no longer describes "now". */
const MAX_SAMPLE_AGE_MS = 30_000

interface Reading {
  at: number
  times: CpuTimes[]
}

const read = (): Reading => ({ at: Date.now(), times: os.cpus().map((c) => ({ ...c.times })) })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The machine and process that answer (Server Information with several app
 * processes says which one it shows). CPU usage is measured from the previous
 * reading when the page polls often enough, else over a fresh short interval.
 */
class ServerInfoService {
  #last: Reading | null = null

  async current() {
    let before = this.#last
    let after = read()
    const age = before ? after.at - before.at : Number.POSITIVE_INFINITY
    if (!before || age < MIN_SAMPLE_MS || age > MAX_SAMPLE_AGE_MS) {
      before = after
      await sleep(MIN_SAMPLE_MS)
      after = read()
    }
    this.#last = after
    return {
      ...serverInfo({
        models: os.cpus().map((c) => c.model),
        before: before.times,
        after: after.times,
        totalBytes: os.totalmem(),
        freeBytes: os.freemem(),
      }),
      process: {
        hostname: os.hostname(),
        pid: process.pid,
        // Every process answering HTTP is a web process; the market role may run beside it.
        roles: feedManager.active ? ['web', 'market'] : ['web'],
        uptimeSeconds: Math.floor(process.uptime()),
      },
    }
  }
}

const serverInfoService = new ServerInfoService()
export default serverInfoService
