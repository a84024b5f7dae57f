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

/** Where a stream's frames go: the Web stream's controller, or a server adapter's socket. */
export interface SseSink {
  write(chunk: Uint8Array): void
  /** Bytes written but not yet taken by the client. */
  queuedBytes(): number
  close(): void
}

/** The live part of an SSE response: subscribed at once, writing to a sink once one is attached. */
export interface SseSession {
  /** Sends every frame (those held so far, then live ones) to `sink`. The first call wins. */
  attach(sink: SseSink): void
  /** Unsubscribes and closes the sink (the client went away). */
  close(): void
}

export const sseHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx would otherwise buffer the stream
  'x-accel-buffering': 'no',
}

/**
 * A `text/event-stream` answer fed by the bus until the client goes away. It subscribes at once
 * (no event published after it is created is missed) and holds frames until a sink attaches: an
 * adapter writing to its socket, or the first read of {@link SseReply.toResponse}'s body.
 */
export class SseReply {
  readonly status = 200
  readonly headers: Record<string, string> = sseHeaders
  readonly session: SseSession

  constructor(options: SseOptions) {
    this.session = openSession(options)
  }

  toResponse(): Response {
    const { session } = this
    const stream = new ReadableStream<Uint8Array>(
      {
        // The first read attaches the stream (high-water mark 0: nothing pulls before a reader).
        pull(controller) {
          session.attach({
            // Enqueue a copy: the consumer may transfer or detach the buffer it reads, and one
            // event's bytes are shared by every stream.
            write: (chunk) => controller.enqueue(chunk.slice()),
            queuedBytes: () => -(controller.desiredSize ?? 0),
            close: () => {
              try {
                controller.close()
              } catch {
                // already closed or errored by the consumer
              }
            },
          })
        },
        cancel() {
          session.close()
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    )
    return new Response(stream, { status: this.status, headers: this.headers })
  }
}

function openSession(options: SseOptions): SseSession {
  let closed = false
  let sink: SseSink | undefined
  let held: Uint8Array[] = []
  let heldBytes = 0
  let unsubscribe: (() => void) | undefined
  let timer: unknown
  const stop = () => {
    if (closed) return
    closed = true
    unsubscribe?.()
    if (timer !== undefined) options.timers.clearInterval(timer)
    options.signal.removeEventListener('abort', stop)
    held = []
    sink?.close()
    options.onClose?.()
  }
  const write = (chunk: string | Uint8Array) => {
    if (closed) return
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
    // Backpressure: a slow reader must not grow memory without bound; it reconnects with
    // Last-Event-ID and gets the replay.
    if ((sink ? sink.queuedBytes() : heldBytes) > options.maxQueuedBytes) {
      stop()
      return
    }
    if (sink) sink.write(bytes)
    else {
      held.push(bytes)
      heldBytes += bytes.byteLength
    }
  }

  if (options.signal.aborted) closed = true
  else {
    options.signal.addEventListener('abort', stop)
    write(`retry: ${options.retryMs}\n: connected\n\n`)
    unsubscribe = options.bus.subscribe(
      (event) => {
        if (options.filter(event)) write(encodeEvent(event))
      },
      options.lastEventId ? { lastEventId: options.lastEventId } : undefined,
    )
    if (closed) unsubscribe()
    else timer = options.timers.setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs)
  }

  return {
    attach(next) {
      if (sink || closed) {
        if (closed && !sink) next.close()
        return
      }
      sink = next
      for (const chunk of held) next.write(chunk)
      held = []
    },
    close: stop,
  }
}
