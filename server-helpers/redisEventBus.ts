/**
 * The {@link EventBus} shared by several backend instances through Redis.
 * Each event is appended to a capped Redis Stream (the replay buffer for `Last-Event-ID`) and
 * published on a channel (the fan-out) in one Lua script, so channel order equals stream order
 * and the stream id is the SSE id on every instance.
 */
import type { Redis } from 'ioredis'
import { duplicateReporting } from './internal/redisConnections'
import type { EventBus, LinekitEvent, LinekitEventInput } from './eventBus'

/** Options of {@link createRedisEventBus}. */
export interface RedisEventBusOptions {
  /** ioredis client for commands (XADD, XRANGE, SET NX). */
  redis: Redis
  /** Connection used for SUBSCRIBE (a subscribed connection cannot run commands). @default a duplicate of `redis` reporting its errors to `redis`'s listeners */
  subscriber?: Redis
  /** Prefix of the stream, channel and de-duplication keys. @default 'linekit' */
  keyPrefix?: string
  /** Approximate length of the replay stream (`XADD MAXLEN ~`). @default 1000 */
  replayBufferSize?: number
  /** Called on a malformed message, a failed replay or a throwing listener. */
  onError?: (error: unknown) => void
}

/** The Redis bus, plus `ready()` for callers who must know the subscription is live. */
export interface RedisEventBus extends EventBus {
  /** Resolves once the channel subscription is active. */
  ready(): Promise<void>
  close(): Promise<void>
}

// One EVAL: XADD and PUBLISH run atomically, so channel order is stream order on every instance.
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2])
redis.call('PUBLISH', ARGV[3], id .. ' ' .. ARGV[2])
return id`

type StreamId = readonly [number, number]
const streamIdPattern = /^(\d{1,16})-(\d{1,16})$/

function parseId(id: string): StreamId | null {
  const match = streamIdPattern.exec(id)
  return match ? [Number(match[1]), Number(match[2])] : null
}
function after(a: StreamId, b: StreamId): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])
}

interface Subscription {
  listener: (event: LinekitEvent) => void
  /**
   * Live messages wait here until the replay has been delivered: at most the stream's length
   * (`replayBufferSize`), the oldest dropped first, as the stream itself drops them.
   */
  queue: LinekitEvent[] | null
  last: StreamId | null
  closed: boolean
}

/**
 * Creates the Redis-backed bus. Every instance of the backend creates one against the same Redis.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis'
 * import { createRedisEventBus } from 'linekit/server/redis'
 * const eventBus = createRedisEventBus({ redis: new Redis(process.env.REDIS_URL!) })
 * const linekit = createLinekitServer({ ...options, eventBus })
 * ```
 */
export function createRedisEventBus(options: RedisEventBusOptions): RedisEventBus {
  const redis = options.redis
  const ownSubscriber = !options.subscriber
  const subscriber = options.subscriber ?? duplicateReporting(redis)
  const prefix = options.keyPrefix ?? 'linekit'
  const stream = `${prefix}:events`
  const channel = `${prefix}:events`
  const maxLen = Math.max(1, options.replayBufferSize ?? 1000)
  const onError = options.onError ?? (() => undefined)
  const subscriptions = new Set<Subscription>()

  const toEvent = (id: string, json: string): LinekitEvent | null => {
    try {
      const input = JSON.parse(json) as LinekitEventInput
      return { ...input, id } as LinekitEvent
    } catch (error) {
      onError(error)
      return null
    }
  }

  const deliver = (sub: Subscription, event: LinekitEvent) => {
    if (sub.closed) return
    const id = parseId(event.id)
    if (!id) return
    // Replay and live overlap by design; the id order drops the duplicates.
    if (sub.last && !after(id, sub.last)) return
    sub.last = id
    try {
      sub.listener(event)
    } catch (error) {
      onError(error)
    }
  }

  const onMessage = (from: string, message: string) => {
    if (from !== channel) return
    const space = message.indexOf(' ')
    if (space < 0) return
    const event = toEvent(message.slice(0, space), message.slice(space + 1))
    if (!event) return
    for (const sub of subscriptions) {
      if (!sub.queue) deliver(sub, event)
      else if (sub.queue.push(event) > maxLen) sub.queue.shift()
    }
  }
  subscriber.on('message', onMessage)
  const ready: Promise<void> = subscriber.subscribe(channel).then(() => undefined)
  ready.catch(onError)

  const readEntries = async (from: string): Promise<LinekitEvent[]> => {
    const entries = (await redis.xrange(stream, `(${from}`, '+', 'COUNT', maxLen)) as [string, string[]][]
    const events: LinekitEvent[] = []
    for (const [id, fields] of entries) {
      const at = fields.indexOf('e')
      const json = at >= 0 ? fields[at + 1] : undefined
      const event = json === undefined ? null : toEvent(id, json)
      if (event) events.push(event)
    }
    return events
  }

  /**
   * After the subscriber reconnects (a Redis restart, a network cut), events published while it
   * was away reached no live stream: read them from the stream and deliver them, holding live
   * messages back meanwhile so the order stays the stream's. Only browsers connected here are
   * concerned; reconnecting browsers already replay with Last-Event-ID.
   */
  const catchUp = async () => {
    const subs = [...subscriptions].filter((sub) => !sub.closed && sub.queue === null && sub.last !== null)
    if (subs.length === 0) return
    let from: StreamId | null = null
    for (const sub of subs) {
      sub.queue = []
      if (sub.last && (!from || after(from, sub.last))) from = sub.last
    }
    try {
      // Resolves once the (auto-)resubscription is active: nothing published after it is missed live.
      await subscriber.subscribe(channel)
      if (from) {
        const events = await readEntries(`${from[0]}-${from[1]}`)
        for (const sub of subs) for (const event of events) deliver(sub, event)
      }
    } catch (error) {
      onError(error)
    } finally {
      for (const sub of subs) {
        const queued = sub.queue ?? []
        sub.queue = null
        for (const event of queued) deliver(sub, event)
      }
    }
  }
  let subscribedOnce = false
  void ready.then(
    () => (subscribedOnce = true),
    () => undefined,
  )
  const onReady = () => {
    if (subscribedOnce) void catchUp()
  }
  subscriber.on('ready', onReady)

  const replay = async (sub: Subscription, lastEventId: string | undefined, tip: Promise<string | null>) => {
    try {
      // Without Last-Event-ID, start from the stream's tip as of subscribe(): nothing published
      // after that call is lost while SUBSCRIBE is still being set up.
      const from = lastEventId !== undefined ? lastEventId : await tip
      await ready
      const fromId = from === null ? null : parseId(from)
      if (from !== null && fromId) {
        const entries = await readEntries(from)
        if (lastEventId === undefined) {
          // Redis may run another instance's publish, sent after subscribe(), before this
          // connection's tip read. That event is heard live (by now: its message left Redis
          // before the tip's answer), yet it is not after the tip. Deliver it first, rather than
          // drop it as if the replay had it.
          for (const event of sub.queue ?? []) {
            const id = parseId(event.id)
            if (id && !after(id, fromId)) deliver(sub, event)
          }
        }
        if (!sub.last || after(fromId, sub.last)) sub.last = fromId
        for (const event of entries) deliver(sub, event)
      }
    } catch (error) {
      onError(error)
    } finally {
      const queued = sub.queue ?? []
      sub.queue = null
      for (const event of queued) deliver(sub, event)
    }
  }

  return {
    ready: () => ready,
    async publish(input) {
      const json = JSON.stringify({ type: input.type, lineId: input.lineId, data: input.data })
      await redis.eval(PUBLISH_SCRIPT, 1, stream, String(maxLen), json, channel)
    },
    subscribe(listener, subscribeOptions) {
      const sub: Subscription = { listener, queue: [], last: null, closed: false }
      subscriptions.add(sub)
      const lastEventId = subscribeOptions?.lastEventId
      // An id that is not a stream id (another bus, a stale client) replays nothing.
      const validLast = lastEventId !== undefined && parseId(lastEventId) ? lastEventId : undefined
      const tip =
        validLast !== undefined
          ? Promise.resolve(null)
          : (redis.xrevrange(stream, '+', '-', 'COUNT', 1) as Promise<[string, string[]][]>).then(
              (entries) => entries[0]?.[0] ?? '0-0',
              () => null,
            )
      void replay(sub, validLast, tip)
      return () => {
        sub.closed = true
        subscriptions.delete(sub)
      }
    },
    async claim(key, ttlMs) {
      const result = await redis.set(`${prefix}:claim:${key}`, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')
      return result === 'OK'
    },
    async close() {
      subscriptions.clear()
      subscriber.off('message', onMessage)
      subscriber.off('ready', onReady)
      if (ownSubscriber) subscriber.disconnect()
      else await subscriber.unsubscribe(channel).catch(onError)
    },
  }
}
