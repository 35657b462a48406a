/*
| Fan-out benchmark, server side (started by bench/fanout.ts; not run alone).
|
| Boots the real app over HTTP (routes, middleware, Transmit) with no market
| feed, then on command from the parent drives BENCH_INSTRUMENTS synthetic
| instruments at BENCH_HZ through the price book and flushes a conflated frame
| every CONFLATE_MS with the app's own `flushPrices`, sent either down the
| price stream (BENCH_MODE=stream) or with a plain `transmit.broadcast` per
| category channel (BENCH_MODE=transmit; instrument channels get nothing there).
| Instrument i is in category CATEGORIES[i % 5].
|
| Timestamps ride inside the frame so it keeps the product's exact shape:
| each instrument's bid is the time (ms since BENCH_EPOCH, 3 decimals, so an
| instrument of 3 digits) it was put in the book, its ask 12 points above,
| and a `BENCH_CLOCK_{CATEGORY}` instrument in every category put just before
| each flush carries the time the frame was built. The load generator runs on
| the same machine, so both read the same clock.
|
| bench/fanout.ts normally runs this file compiled (tmp/bench-build), as
| production runs the built app, so RSS excludes the TypeScript loader.
*/
import 'reflect-metadata'
import { performance } from 'node:perf_hooks'
import { Ignitor } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const MODE = process.env.BENCH_MODE === 'transmit' ? 'transmit' : 'stream'
const INSTRUMENTS = Number(process.env.BENCH_INSTRUMENTS ?? 500)
const HZ = Number(process.env.BENCH_HZ ?? 10)

const send = (message: unknown) => process.send?.(message)
/** Milliseconds since BENCH_EPOCH (shared with the load generator): short stamps keep frames realistic in size. */
const EPOCH = Number(process.env.BENCH_EPOCH ?? 0)
const clock = () => performance.timeOrigin + performance.now() - EPOCH

await new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
  })
  .httpServer()
  .start()

const { default: transmit } = await import('@adonisjs/transmit/services/main')
const { default: priceBook } = await import('#services/market/price_book')
const { default: priceStream } = await import('#services/market/price_stream')
const { CONFLATE_MS, flushPrices } = await import('#services/market/price_fanout')
const { CATEGORIES } = await import('#domain/instruments')
const { priceCategoryChannel } = await import('#domain/price_frames')

const names = Array.from({ length: INSTRUMENTS }, (_, i) => `B${String(i).padStart(3, '0')}_USD`)
const categoryOf = (i: number) => CATEGORIES[i % CATEGORIES.length]
const sendFrame =
  MODE === 'transmit'
    ? (quotes: Parameters<typeof priceStream.publish>[0]) => {
        const frame = priceStream.frameOf(quotes)
        for (const [category, tuples] of Object.entries(frame ?? {})) {
          if (category) transmit.broadcast(priceCategoryChannel(category as never), tuples)
        }
        return frame
      }
    : undefined
/** Tabs subscribed to at least one price channel. */
const priceTabs = () => {
  let count = 0
  for (const [, channels] of transmit.getManager().getAllSubscribers()) {
    if ([...channels].some((c) => c.startsWith('prices/'))) count++
  }
  return count
}

/** RSS of the booted app before any client, and with every client subscribed. */
const rssIdle = process.memoryUsage.rss()
let rssConnected = 0

let timers: NodeJS.Timeout[] = []
let ticks = 0
let flushes = 0
let flushMs = 0

/** Ticks due since the start at INSTRUMENTS × HZ a second, round-robin, so timer jitter never lowers the rate. */
function startDriving() {
  const started = performance.now()
  let cursor = 0
  timers.push(
    setInterval(() => {
      const due = Math.floor(((performance.now() - started) * INSTRUMENTS * HZ) / 1000)
      while (ticks < due) {
        const name = names[cursor]
        const category = categoryOf(cursor)
        cursor = (cursor + 1) % INSTRUMENTS
        const at = clock().toFixed(3)
        // Computed from the bid's text as the load generator checks it.
        const ask = (Number(at) + 0.012).toFixed(3)
        priceBook.put({
          name,
          bids: at,
          asks: ask,
          closeoutBid: at,
          closeoutAsk: ask,
          at: Date.now(),
          category,
        })
        ticks++
      }
    }, 5)
  )
  timers.push(
    setInterval(() => {
      const at = clock()
      const stamp = at.toFixed(3)
      for (const category of CATEGORIES) {
        priceBook.put({
          name: `BENCH_CLOCK_${category.toUpperCase()}`,
          bids: stamp,
          asks: stamp,
          closeoutBid: stamp,
          closeoutAsk: stamp,
          at: Date.now(),
          category,
        })
      }
      flushPrices(sendFrame)
      flushes++
      // Node writes a response's chunks when it uncorks the socket, on the next tick: count until then.
      setImmediate(() => (flushMs += clock() - at))
    }, CONFLATE_MS)
  )
}

let window: {
  cpu: NodeJS.CpuUsage
  started: number
  elu: ReturnType<typeof performance.eventLoopUtilization>
  ticks: number
  flushes: number
  flushMs: number
  rssMax: number
  sampler: NodeJS.Timeout
} | null = null

process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'subscribers') {
    rssConnected = process.memoryUsage.rss()
    send({ cmd: 'subscribers', count: priceTabs() })
  } else if (message.cmd === 'drive') {
    startDriving()
    send({ cmd: 'driving' })
  } else if (message.cmd === 'measure') {
    priceStream.reset()
    window = {
      cpu: process.cpuUsage(),
      started: performance.now(),
      elu: performance.eventLoopUtilization(),
      ticks,
      flushes,
      flushMs,
      rssMax: process.memoryUsage.rss(),
      sampler: setInterval(() => {
        window!.rssMax = Math.max(window!.rssMax, process.memoryUsage.rss())
      }, 200),
    }
    send({ cmd: 'measuring' })
  } else if (message.cmd === 'report' && window) {
    const seconds = (performance.now() - window.started) / 1000
    const cpu = process.cpuUsage(window.cpu)
    const memory = process.memoryUsage()
    clearInterval(window.sampler)
    const flushCount = flushes - window.flushes
    send({
      cmd: 'report',
      mode: MODE,
      seconds,
      cpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
      userPercent: (cpu.user / 1e6 / seconds) * 100,
      systemPercent: (cpu.system / 1e6 / seconds) * 100,
      eventLoopUtilization: performance.eventLoopUtilization(window.elu).utilization,
      rssIdleMb: rssIdle / 2 ** 20,
      rssConnectedMb: rssConnected / 2 ** 20,
      rssMaxMb: Math.max(window.rssMax, memory.rss) / 2 ** 20,
      rssEndMb: memory.rss / 2 ** 20,
      heapUsedMb: memory.heapUsed / 2 ** 20,
      ticksPerSecond: (ticks - window.ticks) / seconds,
      framesPerSecond: flushCount / seconds,
      flushMsAvg: (flushMs - window.flushMs) / Math.max(1, flushCount),
      subscribers: priceTabs(),
      stream: MODE === 'stream' ? priceStream.stats() : null,
    })
  } else if (message.cmd === 'stop') {
    for (const timer of timers) clearInterval(timer)
    timers = []
    process.exit(0)
  }
})

send({ cmd: 'ready', pid: process.pid })
