import transmit from '@adonisjs/transmit/services/main'
import logger from '@adonisjs/core/services/logger'
import { PRICES_CHANNEL } from '#domain/channels'
import { redisChannel } from '#services/redis_names'

/** One instrument in a `priceUpdate` frame, as browsers receive it. */
export type FrameQuote = {
  name: string
  bids: string
  asks: string
  closeoutBid: string
  closeoutAsk: string
}

/** (Type aliases, not interfaces, so a frame is also a Transmit `Broadcastable`.) */
export type PriceFrame = {
  type: 'priceUpdate'
  instruments: FrameQuote[]
}

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
  /** Frames written to a subscriber (catch-up frames included). */
  writes: number
  /** Frames skipped because the subscriber had not taken the previous one yet. */
  dropped: number
  /** Catch-up frames (every known instrument) sent after a skip. */
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
 * encoding path"). `transmit.broadcast` serializes the payload again for every
 * subscriber (JSON.stringify, line splitting, a string-to-bytes copy per
 * socket): a 500-instrument frame to 1,000 tabs is ~50 MB of JSON work per
 * frame. Here each frame is serialized once and the same Buffer goes to every
 * tab subscribed to the prices channel.
 *
 * It rides on Transmit rather than beside it: browsers keep their one Transmit
 * connection and subscribe to `prices` through `/__transmit/subscribe` as
 * before (same session, CSRF and channel authorization — `prices` is public),
 * and the frame is pushed into each subscriber's Transmit stream, behind
 * whatever Transmit itself queued there (pings, per-user events), so messages
 * never interleave. Transmit removes a stream when its tab disconnects; this
 * keeps nothing per tab that would outlive it.
 *
 * Slow clients: a tab whose stream still holds unsent data when the next frame
 * is due (its socket buffer is full) skips that frame instead of queueing it,
 * so a stalled tab costs at most one frame of memory. The frame it gets once
 * it catches up carries every instrument's latest quote, which supersedes
 * everything it missed.
 *
 * Several processes: with a relay (Redis), `publish` sends the frame's JSON
 * once through it and each process delivers what it hears — one parse and one
 * encoding per process, not per tab — in place of Transmit's Redis transport,
 * which would serialize per tab in every process.
 */
export class PriceStream {
  /** The latest quote of every instrument delivered here, least recently changed first. */
  #latest = new Map<string, FrameQuote>()
  /** Tabs that skipped a frame; gone with the stream when the tab disconnects. */
  #behind = new WeakSet<EventStream>()
  #stats: DeliveryStats = { frames: 0, writes: 0, dropped: 0, snapshots: 0 }
  #relay: FrameRelay | null = null

  /** `channel`: another deployment's (tests); this deployment's by default. */
  constructor(readonly channel = RELAY_CHANNEL) {}

  /** Sends one frame to every tab subscribed to the prices channel (in every process, with a relay). */
  publish(frame: PriceFrame) {
    const json = JSON.stringify(frame)
    if (!this.#relay) return this.#deliver(frame, json)
    this.#relay.publish(this.channel, json).catch((error) => {
      // Redis unreachable: this process's tabs still get the frame.
      logger.warn({ err: error }, 'price frame not relayed')
      this.#deliver(frame, json)
    })
  }

  /** Publishes through `relay` and delivers what it carries; returns a function that stops relaying. */
  relayThrough(relay: FrameRelay) {
    this.#relay = relay
    relay.subscribe(this.channel, (message) => {
      try {
        this.#deliver(JSON.parse(message) as PriceFrame, message)
      } catch (error) {
        logger.warn({ err: error }, 'bad relayed price frame')
      }
    })
    return async () => {
      if (this.#relay === relay) this.#relay = null
      await relay.unsubscribe(this.channel)
    }
  }

  #deliver(frame: PriceFrame, json: string) {
    this.#stats.frames++
    for (const quote of frame.instruments) {
      this.#latest.delete(quote.name)
      this.#latest.set(quote.name, quote)
    }
    const subscribers = transmit.getManager().findByChannel(PRICES_CHANNEL)
    if (subscribers.size === 0) return
    const bytes = encodeEvent(PRICES_CHANNEL, json)
    let snapshot: Buffer | null = null
    for (const stream of subscribers) {
      if (stream.destroyed || stream.readableEnded || stream.writableEnded) continue
      if (isBacklogged(stream)) {
        this.#behind.add(stream)
        this.#stats.dropped++
        continue
      }
      if (this.#behind.has(stream)) {
        snapshot ??= encodeEvent(PRICES_CHANNEL, JSON.stringify(this.snapshot()))
        this.#behind.delete(stream)
        this.#stats.snapshots++
        stream.push(snapshot)
      } else {
        stream.push(bytes)
      }
      this.#stats.writes++
    }
  }

  /**
   * A frame with the latest quote of every instrument delivered so far; the
   * instruments of the last frame come last, in its order.
   */
  snapshot(): PriceFrame {
    return { type: 'priceUpdate', instruments: [...this.#latest.values()] }
  }

  stats(): DeliveryStats {
    return { ...this.#stats }
  }

  /** Forgets the quotes and counters (tests). */
  reset() {
    this.#latest.clear()
    this.#stats = { frames: 0, writes: 0, dropped: 0, snapshots: 0 }
  }
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
