import type { EventBus, LinekitEvent } from '../eventBus'

/** Timer functions, injectable so tests need no wall clock. */
export interface Timers {
  setInterval: (fn: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

export const realTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

export interface SseOptions {
  bus: EventBus
  /** Only events passing this filter are written (line scoping). */
  filter: (event: LinekitEvent) => boolean
  lastEventId: string | undefined
  heartbeatMs: number
  retryMs: number
  /** Aborts when the client disconnects. */
  signal: AbortSignal
  /** A client this far behind is cut off; it reconnects with Last-Event-ID and gets the replay. */
  maxQueuedBytes: number
  timers: Timers
  onClose?: () => void
}

const encoder = new TextEncoder()
// One event fans out to every open stream: encode it once, not once per client.
const encoded = new WeakMap<LinekitEvent, Uint8Array>()

function encodeEvent(event: LinekitEvent): Uint8Array {
  let bytes = encoded.get(event)
  if (!bytes) {
    bytes = encoder.encode(formatEvent(event))
    encoded.set(event, bytes)
  }
  return bytes
}

/** One SSE frame. JSON.stringify never emits a raw newline, so `data:` stays one line. */
export function formatEvent(event: LinekitEvent): string {
  const data = JSON.stringify({ type: event.type, lineId: event.lineId, payload: event.payload })
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${data}\n\n`
}

/** A `text/event-stream` response fed by the bus until the client goes away. */
export function sseResponse(options: SseOptions): Response {
  let stop: () => void = () => undefined
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false
        const held: { unsubscribe?: () => void; timer?: unknown } = {}
        stop = () => {
          if (closed) return
          closed = true
          held.unsubscribe?.()
          if (held.timer !== undefined) options.timers.clearInterval(held.timer)
          options.signal.removeEventListener('abort', onAbort)
          try {
            controller.close()
          } catch {
            // already closed or errored by the consumer
          }
          options.onClose?.()
        }
        const onAbort = () => stop()
        const write = (chunk: string | Uint8Array) => {
          if (closed) return
          // Backpressure: a slow reader must not grow memory without bound.
          if ((controller.desiredSize ?? 0) < -options.maxQueuedBytes) {
            stop()
            return
          }
          // Enqueue a copy: the consumer may transfer or detach the buffer it reads.
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk.slice())
        }
        if (options.signal.aborted) {
          stop()
          return
        }
        options.signal.addEventListener('abort', onAbort)
        write(`retry: ${options.retryMs}\n: connected\n\n`)
        const unsubscribe = options.bus.subscribe(
          (event) => {
            if (options.filter(event)) write(encodeEvent(event))
          },
          options.lastEventId ? { lastEventId: options.lastEventId } : undefined,
        )
        held.unsubscribe = unsubscribe
        if (closed) {
          unsubscribe()
          return
        }
        held.timer = options.timers.setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs)
      },
      cancel() {
        stop()
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
  )
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx would otherwise buffer the stream
      'x-accel-buffering': 'no',
    },
  })
}
