import type { ServerResponse } from 'node:http'
import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import type { Category } from '#domain/instruments'
import { encodeQuote, parsePriceChannel, type QuoteTuple } from '#domain/price_frames'
import { redisChannel } from '#services/redis_names'
import { socketBacklogged, takesChunks, writeChunks } from '#services/market/tab_socket'

/** One instrument's quote as the fan-out takes it (a price-book quote will do). */
export type FrameQuote = {
  name: string
  bids: string
  asks: string
  /** Its market watch category; without one it reaches only its own instrument channel. */
  category?: Category
}

/**
 * One flush's changed quotes as they cross processes: the wire tuples
 * (#domain/price_frames) by category, `''` for an instrument without one.
 * (Type aliases, not interfaces, so a frame is also a Transmit `Broadcastable`.)
 */
export type PriceFrame = { [category: string]: QuoteTuple[] }

/** A Transmit event stream (one per browser tab), as the stream manager hands it out. */
type EventStream =
  ReturnType<ReturnType<typeof transmit.getManager>['findByChannel']> extends Set<infer S>
    ? S
    : never

/**
 * Pub/sub between processes (the Redis connection when REDIS_URL is set): a
 * frame is published once, as JSON, and every web process — the publisher
 * included — writes it to its own tabs.
 */
export interface FrameRelay {
  publish(channel: string, message: string): Promise<unknown>
  subscribe(channel: string, handler: (message: string) => void): void
  unsubscribe(channel: string): Promise<unknown>
}

/** The pub/sub channel price frames cross processes on (`${REDIS_PREFIX}:prices:frames`). */
export const RELAY_CHANNEL = redisChannel('prices:frames')

export interface DeliveryStats {
  /** Frames delivered in this process. */
  frames: number
  /** Frames written to a subscriber (catch-up frames included): one per tab per frame, whatever its channels. */
  writes: number
  /** Of those, written straight to the tab's socket (the rest went through its Transmit stream). */
  direct: number
  /** Frames skipped because the subscriber had not taken the previous one yet. */
  dropped: number
  /** Snapshots (every known instrument of each of its price channels) sent on subscribing or after a skip. */
  snapshots: number
}

/**
 * The SSE bytes of one Transmit message on `channel` whose payload is already
 * JSON: exactly what Transmit's own stream writes for `broadcast(channel,
 * payload)` — `data: {"channel":…,"payload":…}` and a blank line; JSON holds
 * no raw line break, so it is one `data:` line — so the browser's Transmit
 * client reads it unchanged.
 */
export function encodeEvent(channel: string, payloadJson: string): Buffer {
  return Buffer.from(`data: {"channel":${JSON.stringify(channel)},"payload":${payloadJson}}\n\n`)
}

/**
 * The public price stream (DESIGN.md: "the price stream may need its own
 * encoding path"; issue 25 item 3). `transmit.broadcast` serializes the
 * payload again for every subscriber; here each frame is encoded once per
 * price channel (#domain/price_frames: `prices/{category}`, `prices/i/{name}`)
 * and the same Buffer goes to every tab subscribed to that channel.
 *
 * A frame holds only the instruments whose bid or ask changed since the
 * last one, as compact tuples; a tab subscribes to the channels of what it
 * shows and, on subscribing, first gets the channel's snapshot (every
 * instrument's latest quote).
 *
 * It rides on Transmit rather than beside it: browsers keep their one Transmit
 * connection and subscribe through `/__transmit/subscribe` as before (same
 * session, CSRF and channel check — price channels are public), and the
 * frame is pushed into each subscriber's Transmit stream, behind whatever
 * Transmit itself queued there (pings, per-user events), so messages never
 * interleave. Transmit removes a stream when its tab disconnects; this keeps
 * nothing per tab that would outlive it.
 *
 * Slow clients: a tab whose stream still holds unsent data when the next frame
 * is due (its socket buffer is full) skips that frame instead of queueing it,
 * so a stalled tab costs at most one frame of memory. Once it catches up it
 * gets the snapshot of each of its channels, which supersedes everything it
 * missed.
 *
 * Several processes: with a relay (Redis), `publish` sends the frame's JSON
 * once through it and each process delivers what it hears — one parse and one
 * encoding per channel per process, not per tab — in place of Transmit's Redis
 * transport, which would serialize per tab in every process.
 */
export class PriceStream {
  /** The latest tuple of every instrument delivered here, least recently changed first. */
  #latest = new Map<string, { category: string; tuple: QuoteTuple }>()
  /** What this process last published of each instrument: an unchanged quote is not sent again. */
  #published = new Map<string, string>()
  /** Snapshot bytes by channel, until the next frame changes them. */
  #snapshots = new Map<string, Buffer | null>()
  /** Tabs that skipped a frame; gone with the stream when the tab disconnects. */
  #behind = new WeakSet<EventStream>()
  /** Tabs that just subscribed to price channels, by uid: their snapshots go out together. */
  #welcomes = new Map<string, Set<string>>()
  #welcoming = false
  #stats: DeliveryStats = { frames: 0, writes: 0, direct: 0, dropped: 0, snapshots: 0 }
  #relay: FrameRelay | null = null
  /** Each tab's HTTP response, by its stream's uid (Transmit's connect and disconnect events). */
  #responses = new Map<string, ServerResponse>()

  /** `channel`: another deployment's (tests); this deployment's by default. */
  constructor(readonly channel = RELAY_CHANNEL) {}

  /**
   * Sends the quotes that changed since the last call to every tab subscribed
   * to their channels (in every process, with a relay). Returns the frame, or
   * null when none of them changed.
   */
  publish(quotes: readonly FrameQuote[]): PriceFrame | null {
    const frame = this.frameOf(quotes)
    if (!frame) return null
    if (!this.#relay) {
      this.#deliver(frame)
      return frame
    }
    this.#relay.publish(this.channel, JSON.stringify(frame)).catch((error) => {
      // Redis unreachable: this process's tabs still get the frame.
      logger.warn({ err: error }, 'price frame not relayed')
      this.#deliver(frame)
    })
    return frame
  }

  /** A tab connected: its frames can go to its response's socket (tab_socket.ts). */
  connected(uid: string, response: ServerResponse) {
    this.#responses.set(uid, response)
  }

  disconnected(uid: string) {
    this.#responses.delete(uid)
  }

  /** The frame of the quotes whose bid, ask or category changed since the last one published here, or null. */
  frameOf(quotes: readonly FrameQuote[]): PriceFrame | null {
    let frame: PriceFrame | null = null
    for (const q of quotes) {
      const category = q.category ?? ''
      const key = `${category} ${q.bids} ${q.asks}`
      if (this.#published.get(q.name) === key) continue
      this.#published.set(q.name, key)
      frame ??= {}
      ;(frame[category] ??= []).push(encodeQuote(q.name, q.bids, q.asks))
    }
    return frame
  }

  /** Publishes through `relay` and delivers what it carries; returns a function that stops relaying. */
  relayThrough(relay: FrameRelay) {
    this.#relay = relay
    relay.subscribe(this.channel, (message) => {
      try {
        this.#deliver(JSON.parse(message) as PriceFrame)
      } catch (error) {
        logger.warn({ err: error }, 'bad relayed price frame')
      }
    })
    return async () => {
      if (this.#relay === relay) this.#relay = null
      await relay.unsubscribe(this.channel)
    }
  }

  /**
   * A tab subscribed to `channel` (Transmit's 'subscribe' event): if it is a
   * price channel, the tab gets its snapshot first — on the next turn of the
   * event loop, with those of every tab that subscribed meanwhile (one pass
   * over the streams).
   */
  welcome(uid: string, channel: string) {
    if (!parsePriceChannel(channel)) return
    const channels = this.#welcomes.get(uid) ?? new Set<string>()
    channels.add(channel)
    this.#welcomes.set(uid, channels)
    if (this.#welcoming) return
    this.#welcoming = true
    setImmediate(() => this.#sendWelcomes())
  }

  #sendWelcomes() {
    const welcomes = this.#welcomes
    this.#welcomes = new Map()
    this.#welcoming = false
    if (welcomes.size === 0) return
    let left = welcomes.size
    for (const [stream] of transmit.getManager().getAllSubscribers()) {
      const channels = welcomes.get(stream.getUid())
      if (!channels) continue
      // A tab that is behind gets every channel's snapshot with the next frame anyway.
      if (isOpen(stream) && !this.#behind.has(stream)) {
        if (isBacklogged(stream)) {
          this.#behind.add(stream)
          if (--left === 0) break
          continue
        }
        for (const channel of channels) {
          const bytes = this.#snapshotBytes(channel)
          if (!bytes) continue
          stream.push(bytes)
          this.#stats.snapshots++
        }
      }
      if (--left === 0) break
    }
  }

  #deliver(frame: PriceFrame) {
    this.#stats.frames++
    const byName = new Map<string, QuoteTuple>()
    for (const [category, tuples] of Object.entries(frame)) {
      for (const tuple of tuples) {
        this.#latest.delete(tuple[0])
        this.#latest.set(tuple[0], { category, tuple })
        byName.set(tuple[0], tuple)
      }
    }
    this.#snapshots.clear()
    /** This frame's bytes on each channel (null: nothing for it), encoded on first use. */
    const encoded = new Map<string, Buffer | null>()
    const bytesOf = (channel: string) => {
      let bytes = encoded.get(channel)
      if (bytes !== undefined) return bytes
      const target = parsePriceChannel(channel)
      let tuples: QuoteTuple[] | undefined
      if (target && 'category' in target) tuples = frame[target.category]
      else if (target) {
        const tuple = byName.get(target.instrument)
        tuples = tuple && [tuple]
      }
      bytes = tuples?.length ? encodeEvent(channel, JSON.stringify(tuples)) : null
      encoded.set(channel, bytes)
      return bytes
    }
    for (const [stream, channels] of transmit.getManager().getAllSubscribers()) {
      const behind = this.#behind.has(stream)
      let messages: Buffer[] | null = null
      for (const channel of channels) {
        if (!channel.startsWith(PRICE_CHANNEL_PREFIX)) continue
        const bytes = behind ? this.#snapshotBytes(channel) : bytesOf(channel)
        if (bytes) (messages ??= []).push(bytes)
      }
      if (!messages || !isOpen(stream)) continue
      const response = this.#responses.get(stream.getUid())
      if (isBacklogged(stream) || (response && socketBacklogged(response))) {
        this.#behind.add(stream)
        this.#stats.dropped++
        continue
      }
      if (behind) {
        this.#behind.delete(stream)
        this.#stats.snapshots++
      }
      // Straight to the socket when nothing of the tab's waits in its stream or response
      // (so order holds); through the stream otherwise, behind what it queued.
      if (response && takesChunks(response)) {
        writeChunks(response, messages)
        this.#stats.direct++
      } else for (const bytes of messages) stream.push(bytes)
      this.#stats.writes++
    }
  }

  #snapshotBytes(channel: string) {
    let bytes = this.#snapshots.get(channel)
    if (bytes !== undefined) return bytes
    const tuples = this.snapshot(channel)
    bytes = tuples.length ? encodeEvent(channel, JSON.stringify(tuples)) : null
    this.#snapshots.set(channel, bytes)
    return bytes
  }

  /**
   * The latest quote of every instrument a price channel carries, as
   * delivered here so far; the instruments of the last frame come last, in
   * its order.
   */
  snapshot(channel: string): QuoteTuple[] {
    const target = parsePriceChannel(channel)
    if (!target) return []
    if ('instrument' in target) {
      const known = this.#latest.get(target.instrument)
      return known ? [known.tuple] : []
    }
    const out: QuoteTuple[] = []
    for (const { category, tuple } of this.#latest.values()) {
      if (category === target.category) out.push(tuple)
    }
    return out
  }

  stats(): DeliveryStats {
    return { ...this.#stats }
  }

  /** Forgets the quotes and counters (tests). */
  reset() {
    this.#latest.clear()
    this.#published.clear()
    this.#snapshots.clear()
    this.#welcomes.clear()
    this.#stats = { frames: 0, writes: 0, direct: 0, dropped: 0, snapshots: 0 }
  }
}

/** Every price channel's name starts so (the plain `prices` channel carries control frames only). */
const PRICE_CHANNEL_PREFIX = 'prices/'

function isOpen(stream: EventStream) {
  return !(stream.destroyed || stream.readableEnded || stream.writableEnded)
}

/**
 * True while the stream still holds data it could not hand to the socket: its
 * pipe to the response is paused waiting for `drain`, or messages are queued
 * on either side of it. A healthy tab drains within milliseconds of a write,
 * long before the next frame is due.
 */
function isBacklogged(stream: EventStream) {
  return stream.readableFlowing === false || stream.readableLength > 0 || stream.writableLength > 0
}

const priceStream = new PriceStream()
export default priceStream
