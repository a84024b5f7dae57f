import type { LinekitEventFrame } from '../src/api/events'
import { BoundedMap } from './internal/boundedMap'

export type { LinekitEventType } from '../src/api/events'

/**
 * What the webhook route publishes: the stream's frame (`src/api/events.ts`), `{ type, lineId,
 * data }`. `lineId` is `null` when the line could not be resolved (then no browser receives it).
 */
export type LinekitEventInput = LinekitEventFrame

/** A published event, with the id the SSE stream sends and `Last-Event-ID` resumes from. */
export type LinekitEvent = LinekitEventFrame & { id: string }

/** Options of {@link EventBus.subscribe}. */
export interface SubscribeOptions {
  /** Replay the buffered events published after this id before the live ones. Unknown ids replay nothing. */
  lastEventId?: string
}

/**
 * Carries events from the webhook route to every SSE stream, possibly across instances.
 * linekit ships an in-memory bus ({@link createMemoryEventBus}) and a Redis one (`linekit/server/redis`).
 */
export interface EventBus {
  /** Assigns an id and delivers the event to every subscriber (on every instance). */
  publish(event: LinekitEventInput): Promise<void>
  /** Calls `listener` for each event, replayed ones first, in id order; returns the unsubscribe function. */
  subscribe(listener: (event: LinekitEvent) => void, options?: SubscribeOptions): () => void
  /**
   * Returns true the first time `key` is claimed within `ttlMs`, false afterwards: used to
   * de-duplicate audio-call webhooks across instances. Optional; without it the server keeps
   * a local set.
   */
  claim?(key: string, ttlMs: number): Promise<boolean>
  /** Releases connections and timers. */
  close?(): Promise<void>
}

/** Options of {@link createMemoryEventBus}. */
export interface MemoryEventBusOptions {
  /** How many recent events are kept for `Last-Event-ID` replay. @default 1000 */
  replayBufferSize?: number
  /**
   * Most bytes of recent events kept for replay (their JSON); past it the oldest are dropped, as
   * past `replayBufferSize`. @default 4194304 (4 MB)
   */
  replayBufferBytes?: number
  /** Clock for claim expiry (tests inject one). @default Date.now */
  now?: () => number
  /** Called when a listener throws; the other listeners still receive the event. */
  onListenerError?: (error: unknown) => void
}

/** Claims kept (repeated deliveries, call states); past it the oldest is forgotten. */
const MAX_CLAIMS = 10_000

/**
 * The default single-instance bus: synchronous fan-out and a bounded ring of recent events.
 * Ids are `<epoch>-<seq>`; the random epoch makes ids from a previous process unknown
 * (so they replay nothing instead of the wrong events).
 */
export function createMemoryEventBus(options: MemoryEventBusOptions = {}): EventBus {
  const capacity = Math.max(0, options.replayBufferSize ?? 1000)
  const maxBytes = Math.max(0, options.replayBufferBytes ?? 4 * 1024 * 1024)
  const now = options.now ?? Date.now
  const epoch = Math.random().toString(36).slice(2, 10)
  // Oldest first, each with its size; `bytes` is their sum.
  const buffer: { event: LinekitEvent; bytes: number }[] = []
  let bytes = 0
  const listeners = new Set<(event: LinekitEvent) => void>()
  const claims = new BoundedMap<string, number>(MAX_CLAIMS)
  let seq = 0

  const deliver = (listener: (event: LinekitEvent) => void, event: LinekitEvent) => {
    try {
      listener(event)
    } catch (error) {
      options.onListenerError?.(error)
    }
  }

  const replayAfter = (lastEventId: string): LinekitEvent[] => {
    const dash = lastEventId.lastIndexOf('-')
    if (dash < 0 || lastEventId.slice(0, dash) !== epoch) return []
    const last = Number(lastEventId.slice(dash + 1))
    if (!Number.isSafeInteger(last)) return []
    return buffer.map((kept) => kept.event).filter((event) => Number(event.id.slice(dash + 1)) > last)
  }

  return {
    async publish(input) {
      seq += 1
      const event = { ...input, id: `${epoch}-${seq}` } as LinekitEvent
      const size = JSON.stringify(input).length
      if (capacity > 0 && size <= maxBytes) {
        buffer.push({ event, bytes: size })
        bytes += size
        while (buffer.length > capacity || bytes > maxBytes) bytes -= (buffer.shift() as { bytes: number }).bytes
      }
      for (const listener of [...listeners]) deliver(listener, event)
    },
    subscribe(listener, subscribeOptions) {
      // Synchronous replay then live: nothing can be published in between.
      if (subscribeOptions?.lastEventId) {
        for (const event of replayAfter(subscribeOptions.lastEventId)) deliver(listener, event)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async claim(key, ttlMs) {
      const at = now()
      const expires = claims.get(key)
      if (expires !== undefined && expires > at) return false
      // Past MAX_CLAIMS the oldest written goes: the closest to expiring.
      claims.set(key, at + ttlMs)
      return true
    },
    async close() {
      listeners.clear()
    },
  }
}
